import { buildEvent, RoundVoidedEvent } from '@casino/events';
import { observeRoundFinished } from '../../observability/settlement-metrics';
import { BetOutcome, chunks, publishCredits } from '../../rounds/round-book';
import { bookOutcomes } from '../book-outcomes/book-outcomes';
import { betsToFinish } from '../../rounds/round-closing';
import { disputedRoundHeld, RoundActor, RoundEffect, unknownRound } from '../../rounds/round-effect';
import { finishRound, lockRound } from '../../rounds/round.repository';
import {
  HELD_PAYOUT_CODE,
  recordHeldPayouts,
  walletsThatCannotTake,
} from '../../rounds/held-payouts.repository';
import { MAX_LEDGER_AMOUNT } from '../../operators/operator-account';
import { TransactionContext } from '../../transaction/transaction-context';
import { approvedOrHeld } from './void-approval.gate';
import { seamlessOperators } from '../../seamless/seamless-operators';
import { currencyLegs } from '../../tables/currency-profiles';

/**
 * Refunds every live stake of a round that will not be played (RoundRefunded, BalanceChanged). `loggedBeforeClose`:
 * the void was on the broker before the ledger applied the round's BettingClosed (docs/ledger.md#voids-after-betting-closed).
 */
export async function voidRound(
  ctx: TransactionContext,
  event: RoundVoidedEvent,
  by: RoundActor = 'game-service',
  loggedBeforeClose = false,
): Promise<RoundEffect> {
  const round = await lockRound(ctx.sql, event.tableId, event.roundId);
  if (!round) return unknownRound(ctx.log, event);
  if (round.status === 'voided') return 'ignored-duplicate';
  if (round.status === 'settled') {
    ctx.log.warn(
      `RoundVoided for settled round ${round.tableId}/${round.roundId} ignored (event ${event.id})`,
    );
    return 'ignored-finished-round';
  }
  // Only the back office voids a disputed round (its intervention comes here with `back-office`).
  if (round.status === 'disputed' && by !== 'back-office') return disputedRoundHeld(ctx.log, event);
  const bets = await betsToFinish(ctx, round);
  // Past "no more bets" with stakes, a game service's void needs a pit boss's approval of the round
  // (docs/ledger.md#voids-after-betting-closed); without one it is held and refunds nothing. A void the broker
  // had before the close was applied could not follow the ledger's final bets: it counts as a void of an open round.
  if (by === 'game-service' && round.status === 'closed' && bets.length > 0 && !loggedBeforeClose) {
    if ((await approvedOrHeld(ctx, round, event)) === 'held') return 'void-held';
  }
  const paired: BetOutcome[] = bets.map((bet) => ({
    bet,
    item: { betId: bet.betId, returned: bet.stake, outcome: 'refund' },
  }));
  // A wallet that cannot take its refund back (balance near 2^63 − 1) never holds the others' refunds; a stake
  // coming back is not a new credit, so the balance ceiling does not apply to it.
  const held = await walletsThatCannotTake(ctx.sql, paired, MAX_LEDGER_AMOUNT);
  const bonusReturns = await bookOutcomes(ctx, round, paired, 'refunded', held, event.id);
  // Each currency's bets apart, in that currency (docs/ledger.md#currencies-per-table).
  const legs = currencyLegs(round, paired);
  if (held.size > 0) {
    const bets = paired.filter((p) => held.has(p.bet.accountId));
    for (const leg of legs) {
      const heldInLeg = leg.paired.filter((p) => held.has(p.bet.accountId));
      if (heldInLeg.length > 0)
        await recordHeldPayouts(
          ctx.sql,
          leg.round,
          heldInLeg,
          `the wallet cannot take this refund back (void ${event.id})`,
        );
    }
    ctx.log.warn(
      `ALERT ledger payout held: ${JSON.stringify({
        code: HELD_PAYOUT_CODE,
        tableId: round.tableId,
        roundId: round.roundId,
        bets: bets.map((b) => b.bet.betId),
      })}`,
    );
  }
  observeRoundFinished(ctx, round, 'refunded', bets, event.id);
  const totalRefunded = bets.reduce((s, b) => s + b.stake, 0n);
  await finishRound(ctx.sql, round.tableId, round.roundId, {
    status: 'voided',
    voidReason: event.reason,
    // Blackjack's additional stakes may have joined after betting closed: count everything refunded.
    bets:
      round.status === 'open' || round.game === 'blackjack'
        ? { count: bets.length, staked: totalRefunded }
        : undefined,
  });
  for (const leg of legs) {
    const legBets = leg.paired.map((p) => p.bet);
    const legRefunded = legBets.reduce((s, b) => s + b.stake, 0n);
    const parts = chunks(legBets);
    parts.forEach((part, index) =>
      ctx.outbox.add(
        buildEvent('RoundRefunded', {
          tableId: round.tableId,
          roundId: round.roundId,
          game: round.game,
          currency: leg.round.currency,
          part: { index, count: parts.length },
          reason: event.reason,
          bets: part.map((b) => ({
            betId: b.betId,
            playerId: b.playerId,
            operatorId: b.operatorId,
            stake: b.stake,
          })),
          betCount: legBets.length,
          totalRefunded: legRefunded,
          causationId: event.id,
        }),
      ),
    );
  }
  const seamless = await seamlessOperators.known(ctx.sql);
  ctx.postings.afterPost((balances) => {
    for (const leg of legs)
      publishCredits(
        leg.round,
        held.size > 0 ? leg.paired.filter((p) => !held.has(p.bet.accountId)) : leg.paired,
        balances,
        'refund',
        ctx.outbox,
        event.id,
        seamless,
        bonusReturns,
      );
  });
  return 'voided';
}
