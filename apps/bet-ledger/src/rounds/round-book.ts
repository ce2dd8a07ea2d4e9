import { betLimitKey, buildEvent, RoundBet } from '@casino/events';
import { betsInPlayAccount, fundingAccount, houseAccount } from '@casino/wallet';
import { OutboxBatch } from '../outbox/outbox.writer';
import { accountIdOf } from '../transaction/account-cache';
import { TransactionContext } from '../transaction/transaction-context';
import { insertRoundSettlement, OutcomeRow, StoredBet } from './round-bets.repository';
import { BonusReturn, settleBonusParts } from '../bonus/bonus-settlement';
import { settleFreeBets } from '../free-bets/free-bet-settlement';
import { RoundView } from './round-view';

/** How one bet of a round ended. */
export interface SettledItem {
  betId: string;
  /** Paid back, stake included. */
  returned: bigint;
  outcome: 'win' | 'lose' | 'push' | 'refund';
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

/**
 * Books the outcomes of a round's bets: the round's settlement row (at most once, by primary key) and one balanced
 * journal entry per operator, posted at the end of the transaction: bets in play −stakes, players +returned,
 * house +(stakes − returned). What `held` wallets (account ids) are owed goes to their operator's funding account
 * instead (held-payouts.repository.ts).
 */
export async function bookOutcomes(
  ctx: TransactionContext,
  round: RoundView,
  paired: readonly BetOutcome[],
  kind: 'settled' | 'refunded',
  held: ReadonlySet<string> = new Set(),
  cause = '',
): Promise<Map<string, BonusReturn> | undefined> {
  const { sql, profiler } = ctx;
  const outcomes: OutcomeRow[] = paired.map(({ bet, item }) => ({
    betId: item.betId,
    stake: bet.stake,
    returned: item.returned,
    outcome: item.outcome,
  }));
  await profiler.time('book.outcomes', () =>
    insertRoundSettlement(sql, round.tableId, round.roundId, kind, outcomes),
  );

  // Each player's stakes stop being open; a settlement adds to the period's net loss (a refund does not). The
  // rows are written at the end of the transaction, after the postings (TransactionContext.gambling).
  for (const { bet, item } of paired) {
    ctx.gambling.add(bet.accountId, 0n, kind === 'settled' ? bet.stake - item.returned : 0n, -bet.stake);
    // The reports' rollups count settled bets only: a refunded stake was never turnover.
    if (kind === 'settled')
      ctx.rollups.add({
        operatorId: bet.operatorId,
        playerId: bet.playerId,
        game: round.game,
        tableId: round.tableId,
        currency: round.currency,
        betKind: betLimitKey(bet.spec),
        stake: bet.stake,
        returned: item.returned,
      });
  }

  // Bets staked under a bonus: their returns shared between wallet and bonus account, turnover and conversion.
  const bonusReturns = await profiler.time('book.bonus', () =>
    settleBonusParts(ctx, round, paired, kind, cause),
  );
  // Free bets (docs/ledger.md#free-bets): the player gets the winnings, the promotion book the rest of the return.
  // Shaped as a bonus return to a book (`promotion`): the caller's credits and events read one map.
  const freeReturns = await profiler.time('book.freeBets', () => settleFreeBets(ctx, round, paired, kind));
  const returns = freeReturns ? new Map(bonusReturns) : bonusReturns;
  for (const [betId, f] of freeReturns ?? []) {
    returns?.set(betId, {
      bonusAccountId: f.promotionAccountId,
      cash: f.winnings,
      bonus: f.toPromotion,
      promotion: true,
    });
  }
  // The player's net loss of a settled free bet is minus its winnings (the stake was never the player's).
  for (const { bet, item } of kind === 'settled' ? paired : []) {
    const f = freeReturns?.get(bet.betId);
    if (f) ctx.gambling.add(bet.accountId, 0n, item.returned - bet.stake - f.winnings, 0n);
  }
  type Sums = { staked: bigint; returned: bigint; toPlayers: Map<string, bigint>; toFunding: bigint };
  const perOperator = new Map<string, Sums>();
  for (const { bet, item } of paired) {
    let op = perOperator.get(bet.operatorId);
    if (!op)
      perOperator.set(
        bet.operatorId,
        (op = { staked: 0n, returned: 0n, toPlayers: new Map(), toFunding: 0n }),
      );
    op.staked += bet.stake;
    op.returned += item.returned;
    const promotion = returns?.get(bet.betId);
    if (item.returned > 0n && held.has(bet.accountId) && promotion?.promotion) {
      // A held wallet's free bet: its winnings go to the operator's funding, the rest back to the promotion book.
      op.toFunding += promotion.cash;
      op.toPlayers.set(
        promotion.bonusAccountId,
        (op.toPlayers.get(promotion.bonusAccountId) ?? 0n) + promotion.bonus,
      );
    } else if (item.returned > 0n && held.has(bet.accountId)) op.toFunding += item.returned;
    else if (item.returned > 0n) {
      const split = returns?.get(bet.betId);
      const cash = split ? split.cash : item.returned;
      op.toPlayers.set(bet.accountId, (op.toPlayers.get(bet.accountId) ?? 0n) + cash);
      if (split && split.bonus > 0n)
        op.toPlayers.set(split.bonusAccountId, (op.toPlayers.get(split.bonusAccountId) ?? 0n) + split.bonus);
    }
  }
  const specs = [...perOperator].flatMap(([op, sums]) => [
    betsInPlayAccount(op, round.tableId, round.currency),
    houseAccount(op, round.game, round.tableId, round.currency),
    ...(sums.toFunding > 0n ? [fundingAccount(op, round.currency)] : []),
  ]);
  const ids = await ctx.accounts.resolve(sql, specs);
  for (const [op, sums] of perOperator) {
    const lines = [
      {
        accountId: accountIdOf(ids, betsInPlayAccount(op, round.tableId, round.currency)),
        amount: -sums.staked,
      },
      ...[...sums.toPlayers].map(([accountId, amount]) => ({ accountId, amount })),
    ];
    if (sums.toFunding > 0n)
      lines.push({ accountId: accountIdOf(ids, fundingAccount(op, round.currency)), amount: sums.toFunding });
    if (kind === 'settled') {
      const house = accountIdOf(ids, houseAccount(op, round.game, round.tableId, round.currency));
      lines.push({ accountId: house, amount: sums.staked - sums.returned });
    }
    ctx.postings.add({
      idempotencyKey: `${kind === 'settled' ? 'settle' : 'refund'}:${round.tableId}/${round.roundId}/${op}`,
      kind: kind === 'settled' ? 'settlement' : 'refund',
      reference: `${round.tableId}/${round.roundId}`,
      currency: round.currency,
      lines,
    });
  }
  return returns;
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
  for (const { bet, item } of paired) {
    // A seamless player's platform wallet holds money in transit: the credit's confirmation announces the
    // balance the operator answered instead (seamless-calls.ts).
    if (item.returned === 0n || seamless.has(bet.operatorId)) continue;
    const c = credited.get(bet.accountId);
    // A bet staked with bonus funds: the cash part's return is the wallet's delta, the rest the bonus balance's.
    const found = bonusReturns?.get(bet.betId);
    // A free bet's return: only its winnings are the player's (the rest went back to the promotion book).
    const split = found?.promotion ? { cash: found.cash, bonus: 0n, bonusAccountId: undefined } : found;
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
    const balance = balances.get(accountId);
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
