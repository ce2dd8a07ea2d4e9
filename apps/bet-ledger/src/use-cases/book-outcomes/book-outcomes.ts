import { betLimitKey } from '@casino/events';
import { fundingAccount, houseAccount } from '@casino/wallet';
import { settleBonusParts } from '../../bonus/bonus-settlement';
import { roundFreeBets, settleFreeBets, winningsBonusAccounts } from '../../free-bets/free-bet-settlement';
import { BetOutcome, BonusReturn, REPORT_ROLLUPS } from '../../rounds/round-book';
import { GAMBLING_USAGE } from '../../responsible-gambling/gambling-usage';
import { insertRoundSettlement, OutcomeRow } from '../../rounds/round-bets.repository';
import { RoundView } from '../../rounds/round-view';
import { currencyLegs } from '../../tables/currency-profiles';
import { accountIdOf } from '../../transaction/account-cache';
import { TransactionContext } from '../../transaction/transaction-context';

/**
 * Books the outcomes of a round's bets: the round's settlement row (at most once, by primary key) and one balanced
 * journal entry per operator, posted at the end of the transaction: bets in play −stakes (from each bet's shard),
 * players +returned,
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
  // rows are written at the end of the transaction, after the postings (TransactionContext.final).
  const gambling = ctx.final.of(GAMBLING_USAGE);
  const rollups = kind === 'settled' ? ctx.final.of(REPORT_ROLLUPS) : undefined;
  for (const { bet, item } of paired) {
    gambling.add(bet.accountId, 0n, kind === 'settled' ? bet.stake - item.returned : 0n, -bet.stake);
    // The reports' rollups count settled bets only: a refunded stake was never turnover.
    rollups?.add({
      operatorId: bet.operatorId,
      playerId: bet.playerId,
      game: round.game,
      tableId: round.tableId,
      currency: bet.currency,
      betKind: betLimitKey(bet.spec),
      stake: bet.stake,
      returned: item.returned,
    });
  }

  // Each currency's bets are booked apart, in that currency's accounts (docs/ledger.md#currencies-per-table): the
  // round's own currency as always, another one as the round seen in it.
  let returns: Map<string, BonusReturn> | undefined;
  for (const leg of currencyLegs(round, paired)) {
    if (leg.paired.length === 0) continue;
    const other = leg.round.currency !== round.currency;
    const legReturns = await bookCurrency(ctx, leg.round, leg.paired, kind, held, cause, other);
    for (const [betId, r] of legReturns ?? []) (returns ??= new Map()).set(betId, r);
  }
  return returns;
}

/** Books one currency's outcomes: bonus and free-bet returns, and one journal entry per operator. */
async function bookCurrency(
  ctx: TransactionContext,
  round: RoundView,
  paired: readonly BetOutcome[],
  kind: 'settled' | 'refunded',
  held: ReadonlySet<string>,
  cause: string,
  otherCurrency: boolean,
): Promise<Map<string, BonusReturn> | undefined> {
  const { sql, profiler } = ctx;
  const gambling = ctx.final.of(GAMBLING_USAGE);
  // Bets staked under a bonus: their returns shared between wallet and bonus account, turnover and conversion.
  // The round's free bets are read first: the bonus accounts their winnings go to are locked with the wallets.
  const freeBets = await roundFreeBets(ctx, round);
  const bonusReturns = await profiler.time('book.bonus', () =>
    settleBonusParts(ctx, round, paired, kind, cause, winningsBonusAccounts(round, paired, freeBets, kind)),
  );
  // Free bets (docs/ledger.md#free-bets): the player gets the winnings, the promotion book the rest of the return.
  // Shaped as a bonus return to a book (`promotion`): the caller's credits and events read one map.
  const freeReturns = await profiler.time('book.freeBets', () =>
    settleFreeBets(ctx, round, paired, kind, freeBets),
  );
  const returns = freeReturns ? new Map(bonusReturns) : bonusReturns;
  for (const [betId, f] of freeReturns ?? []) {
    returns?.set(betId, {
      bonusAccountId: f.promotionAccountId,
      cash: f.asBonus ? 0n : f.winnings,
      bonus: f.toPromotion,
      promotion: true,
      ...(f.asBonus
        ? {
            winningsBonus: {
              accountId: f.asBonus.accountId,
              amount: f.winnings,
              walletBalance: f.asBonus.walletBalance,
            },
          }
        : {}),
    });
  }
  // The player's net loss of a settled free bet is minus its winnings (the stake was never the player's).
  for (const { bet, item } of kind === 'settled' ? paired : []) {
    const f = freeReturns?.get(bet.betId);
    if (f) gambling.add(bet.accountId, 0n, item.returned - bet.stake - f.winnings, 0n);
  }
  type Sums = {
    staked: bigint;
    returned: bigint;
    /** Stakes by the bets-in-play account (shard) they went into. */
    inPlay: Map<string, bigint>;
    toPlayers: Map<string, bigint>;
    toFunding: bigint;
  };
  const perOperator = new Map<string, Sums>();
  for (const { bet, item } of paired) {
    let op = perOperator.get(bet.operatorId);
    if (!op)
      perOperator.set(
        bet.operatorId,
        (op = { staked: 0n, returned: 0n, inPlay: new Map(), toPlayers: new Map(), toFunding: 0n }),
      );
    op.staked += bet.stake;
    op.inPlay.set(bet.inPlayAccountId, (op.inPlay.get(bet.inPlayAccountId) ?? 0n) + bet.stake);
    op.returned += item.returned;
    const promotion = returns?.get(bet.betId);
    // Free-bet winnings paid as bonus money go to the bonus account, held wallet or not (bonus is not cash).
    const winningsBonus = promotion?.winningsBonus;
    if (winningsBonus)
      op.toPlayers.set(
        winningsBonus.accountId,
        (op.toPlayers.get(winningsBonus.accountId) ?? 0n) + winningsBonus.amount,
      );
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
    houseAccount(op, round.game, round.tableId, round.currency),
    ...(sums.toFunding > 0n ? [fundingAccount(op, round.currency)] : []),
  ]);
  const ids = await ctx.accounts.resolve(sql, specs);
  for (const [op, sums] of perOperator) {
    const lines = [
      ...[...sums.inPlay].map(([accountId, stake]) => ({ accountId, amount: -stake })),
      ...[...sums.toPlayers].map(([accountId, amount]) => ({ accountId, amount })),
    ];
    if (sums.toFunding > 0n)
      lines.push({ accountId: accountIdOf(ids, fundingAccount(op, round.currency)), amount: sums.toFunding });
    if (kind === 'settled') {
      const house = accountIdOf(ids, houseAccount(op, round.game, round.tableId, round.currency));
      lines.push({ accountId: house, amount: sums.staked - sums.returned });
    }
    ctx.postings.add({
      // The table's own currency keeps the key it always had.
      idempotencyKey: `${kind === 'settled' ? 'settle' : 'refund'}:${round.tableId}/${round.roundId}/${op}${
        otherCurrency ? `/${round.currency}` : ''
      }`,
      kind: kind === 'settled' ? 'settlement' : 'refund',
      reference: `${round.tableId}/${round.roundId}`,
      currency: round.currency,
      lines,
    });
  }
  return returns;
}
