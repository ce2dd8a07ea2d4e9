import { buildEvent, RoundResultEvent, SettledBet } from '@casino/events';
import { observeRoundFinished } from '../../observability/settlement-metrics';
import { balanceCeilings } from '../../config/balance-ceilings';
import { OutboxBatch } from '../../outbox/outbox.writer';
import { BetOutcome, chunks, outcomesWithBets, publishCredits } from '../../rounds/round-book';
import { bookOutcomes } from '../book-outcomes/book-outcomes';
import { betsToFinish, closeBetting } from '../../rounds/round-closing';
import { disputedRoundHeld, RoundActor, RoundEffect, unknownRound } from '../../rounds/round-effect';
import { finishRound, lockRound } from '../../rounds/round.repository';
import {
  HELD_PAYOUT_CODE,
  recordHeldPayouts,
  walletsThatCannotTake,
} from '../../rounds/held-payouts.repository';
import { RoundView } from '../../rounds/round-view';
import { currencyLegs } from '../../tables/currency-profiles';
import { TransactionContext } from '../../transaction/transaction-context';
import { unattestedResult } from './result-attestation.check';
import { settleRoundBets } from './settle-round-bets';
import { seamlessOperators } from '../../seamless/seamless-operators';

/**
 * Pays a round from its result: every bet settled by the game's engine, booked once (the settlement row's
 * primary key), credited, and published (RoundSettled, BalanceChanged). A result the engine refuses pays nothing
 * and leaves the round disputed.
 */
export async function settleRound(
  ctx: TransactionContext,
  event: RoundResultEvent,
  by: RoundActor = 'game-service',
): Promise<RoundEffect> {
  const { sql, profiler } = ctx;
  const round = await lockRound(sql, event.tableId, event.roundId);
  if (!round) return unknownRound(ctx.log, event);
  if (round.status === 'settled' || round.status === 'voided') return 'ignored-finished-round';
  // Only the back office corrects a disputed round (its resubmit comes here with `back-office`).
  if (round.status === 'disputed' && by !== 'back-office') return disputedRoundHeld(ctx.log, event);
  // A result means no more bets, even if BettingClosed was lost upstream.
  if (round.status === 'open') await closeBetting(ctx, round, event.occurredAt, event.id);
  // A live table's result must be the studio's (docs/kafka-security.md#signed-live-results); the back office's
  // resubmit of a disputed round is its own decision.
  const unattested = by === 'game-service' ? await unattestedResult(ctx, event) : undefined;
  if (unattested !== undefined) {
    ctx.log.error(
      `ALERT ledger RoundResult not attested: round ${round.tableId}/${round.roundId} disputed (event ${event.id}): ${unattested}`,
    );
    await finishRound(sql, round.tableId, round.roundId, {
      status: 'disputed',
      result: event.result,
      problem: unattested,
    });
    return 'disputed';
  }
  const bets = await profiler.time('settle.loadBets', () => betsToFinish(ctx, round));
  const settlement = await profiler.time('settle.engine', async () =>
    settleRoundBets(
      round.config,
      event.result,
      bets.map((b) => ({ betId: b.betId, playerId: b.playerId, stake: b.stake, spec: b.spec })),
    ),
  );
  if (!settlement.ok) {
    // Nothing is paid from a result the engine refuses; the round waits for a corrected result or a void.
    ctx.log.warn(
      `round ${round.tableId}/${round.roundId} disputed: ${settlement.code} ${settlement.message}`,
    );
    await finishRound(sql, round.tableId, round.roundId, {
      status: 'disputed',
      result: event.result,
      problem: `${settlement.code}: ${settlement.message}`,
    });
    return 'disputed';
  }
  const paired = outcomesWithBets(round, bets, settlement.items);
  // A win the wallet cannot take (above the balance ceiling, so also anything near 2^63) never holds the others'
  // settlement: that payout is held (booked to the operator's funding account, listed for the back office).
  // Each currency's bets apart, in that currency (docs/ledger.md#currencies-per-table).
  const legs = currencyLegs(round, paired);
  const held = new Set<string>();
  for (const leg of legs)
    if (leg.paired.length > 0)
      for (const id of await walletsThatCannotTake(sql, leg.paired, balanceCeilings.of(leg.round.currency)))
        held.add(id);
  const bonusReturns = await profiler.time('settle.book', () =>
    bookOutcomes(ctx, round, paired, 'settled', held, event.id),
  );
  if (held.size > 0) for (const leg of legs) await holdPayouts(ctx, leg.round, leg.paired, held, event.id);
  await finishRound(sql, round.tableId, round.roundId, { status: 'settled', result: event.result });
  for (const leg of legs) publishSettled(leg.round, leg.paired, ctx.outbox, event.id);
  observeRoundFinished(ctx, round, 'settled', bets, event.id);
  const seamless = await seamlessOperators.known(ctx.sql);
  ctx.postings.afterPost((balances) => {
    for (const leg of legs) {
      const credited = held.size > 0 ? leg.paired.filter((p) => !held.has(p.bet.accountId)) : leg.paired;
      publishCredits(
        leg.round,
        credited,
        balances,
        'settlement',
        ctx.outbox,
        event.id,
        seamless,
        bonusReturns,
      );
    }
  });
  return 'settled';
}

async function holdPayouts(
  ctx: TransactionContext,
  round: RoundView,
  paired: readonly BetOutcome[],
  held: ReadonlySet<string>,
  cause: string,
): Promise<void> {
  const bets = paired.filter((p) => p.item.returned > 0n && held.has(p.bet.accountId));
  if (bets.length === 0) return;
  const message = `the wallet's balance plus this payout would pass the ${round.currency} balance ceiling (result ${cause})`;
  await recordHeldPayouts(ctx.sql, round, bets, message);
  ctx.log.warn(
    `ALERT ledger payout held: ${JSON.stringify({
      code: HELD_PAYOUT_CODE,
      tableId: round.tableId,
      roundId: round.roundId,
      bets: bets.map((b) => ({
        betId: b.bet.betId,
        operatorId: b.bet.operatorId,
        playerId: b.bet.playerId,
        amount: b.item.returned.toString(),
      })),
    })}`,
  );
}

function publishSettled(round: RoundView, paired: readonly BetOutcome[], outbox: OutboxBatch, cause: string) {
  const settled: SettledBet[] = paired.map(({ bet, item }) => ({
    betId: item.betId,
    playerId: bet.playerId,
    operatorId: bet.operatorId,
    stake: bet.stake,
    returned: item.returned,
    // An unused blackjack additional stake goes back as a push.
    outcome: item.outcome === 'refund' ? 'push' : item.outcome,
  }));
  const totalStaked = settled.reduce((s, b) => s + b.stake, 0n);
  const totalReturned = settled.reduce((s, b) => s + b.returned, 0n);
  const parts = chunks(settled);
  parts.forEach((part, index) =>
    outbox.add(
      buildEvent('RoundSettled', {
        tableId: round.tableId,
        roundId: round.roundId,
        game: round.game,
        currency: round.currency,
        part: { index, count: parts.length },
        bets: part,
        betCount: settled.length,
        totalStaked,
        totalReturned,
        causationId: cause,
      }),
    ),
  );
}
