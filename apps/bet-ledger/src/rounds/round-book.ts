import { buildEvent, RoundBet } from '@casino/events';
import { OutboxBatch } from '../outbox/outbox.writer';
import { endOfTransactionKind } from '../transaction/end-of-transaction';
import { StoredBet } from './round-bets.repository';
import { RoundView } from './round-view';

/** One settled bet, as the report rollups count it. */
export interface RollupBet {
  operatorId: string;
  playerId: string;
  game: string;
  tableId: string;
  currency: string;
  betKind: string;
  stake: bigint;
  returned: bigint;
}

/**
 * What a settlement counts its bets in for the reports: `ctx.final.of(REPORT_ROLLUPS)`. Its writer is the back
 * office's report rollups (back-office/rollups/report-rollups.ts), registered at start-up.
 */
export const REPORT_ROLLUPS = endOfTransactionKind<{ add(bet: RollupBet): void }>('report-rollups');

/** How one bet of a round ended. */
export interface SettledItem {
  betId: string;
  /** Paid back, stake included. */
  returned: bigint;
  outcome: 'win' | 'lose' | 'push' | 'refund';
}

/**
 * A bet's return shared between its player's wallet and a bonus account (bonus/bonus-settlement.ts), or a promotion
 * book (free-bets/free-bet-settlement.ts).
 */
export interface BonusReturn {
  bonusAccountId: string;
  cash: bigint;
  bonus: bigint;
  /**
   * A free bet's return (free-bets/free-bet-settlement.ts): `cash` is its winnings, `bonus` what goes back to the
   * promotion book, whose account `bonusAccountId` then is.
   */
  promotion?: true;
  /**
   * A free bet's winnings paid as bonus money (`cash` is then 0): the bonus account credited, and the wallet's
   * balance as locked, for a BalanceChanged whose wallet the transaction may not move.
   */
  winningsBonus?: { accountId: string; amount: bigint; walletBalance: bigint };
}

/** A bet and how it ended. */
export interface BetOutcome {
  bet: StoredBet;
  item: SettledItem;
}

/**
 * Each outcome with its bet; an outcome naming a bet outside the round is a settlement bug, never paid. Paired
 * once per round: booking and every event of the round read the pairs.
 */
export function outcomesWithBets(
  round: RoundView,
  bets: readonly StoredBet[],
  items: readonly SettledItem[],
): BetOutcome[] {
  const byId = new Map(bets.map((b) => [b.betId, b] as const));
  return items.map((item) => {
    const bet = byId.get(item.betId);
    if (!bet) throw new Error(`an outcome names bet ${item.betId}, which is not in round ${round.roundId}`);
    return { bet, item };
  });
}

/** Bets per message of BetsFinalized / RoundSettled / RoundRefunded (see docs/events.md). */
export const BETS_PER_PART = 500;

export function chunks<T>(items: readonly T[], size = BETS_PER_PART): T[][] {
  if (items.length === 0) return [[]];
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The round's final accepted bets, published when betting closes. */
export function publishFinalBets(
  round: RoundView,
  bets: readonly StoredBet[],
  outbox: OutboxBatch,
  cause: string,
) {
  const list: RoundBet[] = bets.map((b) => ({
    betId: b.betId,
    playerId: b.playerId,
    operatorId: b.operatorId,
    stake: b.stake,
    bet: b.spec,
  }));
  const totalStaked = bets.reduce((s, b) => s + b.stake, 0n);
  const parts = chunks(list);
  parts.forEach((part, index) =>
    outbox.add(
      buildEvent('BetsFinalized', {
        tableId: round.tableId,
        roundId: round.roundId,
        game: round.game,
        currency: round.currency,
        part: { index, count: parts.length },
        bets: part,
        betCount: bets.length,
        totalStaked,
        causationId: cause,
      }),
    ),
  );
}

/** BalanceChanged for every player wallet a settlement or refund credited (balances after the posting). */
export function publishCredits(
  round: RoundView,
  paired: readonly BetOutcome[],
  balances: ReadonlyMap<string, bigint>,
  reason: 'settlement' | 'refund',
  outbox: OutboxBatch,
  cause: string,
  seamless: ReadonlySet<string> = new Set(),
  bonusReturns?: ReadonlyMap<string, BonusReturn>,
) {
  const credited = new Map<
    string,
    { bet: StoredBet; delta: bigint; bonus?: { accountId: string; delta: bigint } }
  >();
  /** Wallets whose free-bet winnings went to the bonus balance: their balance as locked, if no posting moved them. */
  const unmoved = new Map<string, bigint>();
  for (const { bet, item } of paired) {
    // A seamless player's platform wallet holds money in transit: the credit's confirmation announces the
    // balance the operator answered instead (seamless-calls.ts).
    if (item.returned === 0n || seamless.has(bet.operatorId)) continue;
    const c = credited.get(bet.accountId);
    // A bet staked with bonus funds: the cash part's return is the wallet's delta, the rest the bonus balance's.
    const found = bonusReturns?.get(bet.betId);
    // A free bet's return: only its winnings are the player's (the rest went back to the promotion book).
    const split = found?.promotion
      ? {
          cash: found.cash,
          bonus: found.winningsBonus?.amount ?? 0n,
          bonusAccountId: found.winningsBonus?.accountId,
        }
      : found;
    if (found?.winningsBonus) unmoved.set(bet.accountId, found.winningsBonus.walletBalance);
    const bonusAccountId = split?.bonusAccountId ?? c?.bonus?.accountId;
    const bonus =
      bonusAccountId === undefined
        ? undefined
        : { accountId: bonusAccountId, delta: (c?.bonus?.delta ?? 0n) + (split?.bonus ?? 0n) };
    credited.set(bet.accountId, {
      bet,
      delta: (c?.delta ?? 0n) + (split ? split.cash : item.returned),
      bonus,
    });
  }
  for (const [accountId, { bet, delta, bonus }] of credited) {
    const balance = balances.get(accountId) ?? unmoved.get(accountId);
    if (balance === undefined) {
      // All of it went to the bonus balance (a stake paid from bonus alone): the wallet did not move.
      if (delta === 0n) continue;
      throw new Error(`no balance after posting for credited account ${accountId}`);
    }
    outbox.add(
      buildEvent('BalanceChanged', {
        playerId: bet.playerId,
        operatorId: bet.operatorId,
        currency: round.currency,
        reason,
        delta,
        balance,
        tableId: round.tableId,
        roundId: round.roundId,
        causationId: cause,
        ...(bonus && bonus.delta > 0n
          ? { bonusBalance: balances.get(bonus.accountId) ?? 0n, bonusDelta: bonus.delta }
          : {}),
      }),
    );
  }
}
