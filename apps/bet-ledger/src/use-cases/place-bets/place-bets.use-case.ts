import { buildEvent, PlaceBetEvent } from '@casino/events';
import { randomUUID } from 'node:crypto';
import { BetBatch, commandIds, requireDecidable } from '../../bets/bet-batch';
import { decisionTally } from '../../observability/decision-metrics';
import { TransactionContext } from '../../transaction/transaction-context';
import { bonusAllowedAt, gameExcludesBonus } from '../../bonus/bonus-split';
import { freeBetContext, freeBetFor } from '../../bets/free-bet-stake';
import { applyAccepted, decideBet } from './place-bet.decision';

/**
 * Decides one PlaceBet against its batch (rules in place-bet.decision.ts) and records the outcome: an accepted
 * bet joins the batch's inserts and debits and is announced with BetAccepted; a refused one with BetRejected.
 * `shownBalance`: the balance BetAccepted carries instead of the platform wallet's (a seamless player's money is
 * at the operator: the player sees what the operator's wallet answered to the debit).
 */
export function placeBet(
  ctx: TransactionContext,
  batch: BetBatch,
  cmd: PlaceBetEvent,
  shownBalance?: bigint,
): 'accepted' | 'rejected' {
  // A bet of exactly a free bet's stake at its game (or table) uses it: the promotion book pays the stake.
  const free = freeBetFor(batch, cmd);
  const decisionContext = free ? freeBetContext(batch.contextFor(cmd), cmd.stake) : batch.contextFor(cmd);
  const decision = decideBet(cmd, decisionContext);
  if (!decision.accepted) {
    const rejected = buildEvent('BetRejected', {
      ...commandIds(cmd),
      stake: cmd.stake,
      bet: cmd.bet,
      code: decision.code,
      message: decision.message,
    });
    ctx.outbox.add(rejected);
    decisionTally(ctx).add(cmd, 'rejected', decision.code, rejected.id);
    return 'rejected';
  }
  const betId = randomUUID();
  applyAccepted(cmd, decisionContext, {
    betId,
    key: decision.key,
    currency: cmd.currency,
    stake: cmd.stake,
    spec: cmd.bet,
    numbers: decision.numbers,
    bonusStake: decision.bonusStake,
  });
  requireDecidable(decisionContext);
  const { wallet, bonus } = decisionContext;
  // Every accepted bet passes here: objects are written out field by field (spreading them cost more than the
  // rest of the decision).
  batch.addAcceptedBet({
    betId,
    commandId: cmd.id,
    tableId: cmd.tableId,
    roundId: cmd.roundId,
    game: cmd.game,
    playerId: cmd.playerId,
    operatorId: cmd.operatorId,
    currency: cmd.currency,
    accountId: wallet.accountId,
    inPlayAccountId: batch.inPlayAccount(cmd.operatorId, cmd.tableId, cmd.currency),
    stake: cmd.stake,
    limitKey: decision.key,
    spec: cmd.bet,
    acceptedAt: batch.acceptedAt,
    // While a bonus is active every bet records its part (0 at a game that excludes bonus funds: no turnover).
    freeBet: free && { accountId: free.promotionAccountId, freeBetId: free.grant.freeBetId },
    bonus: bonus && {
      accountId: bonus.accountId,
      bonusId: bonus.bonusId,
      stake: decision.bonusStake ?? 0n,
      counts: bonusAllowedAt(cmd.game, gameExcludesBonus(cmd.game), bonus),
    },
  });
  if (free) free.left -= 1;
  const accepted = buildEvent('BetAccepted', {
    tableId: cmd.tableId,
    roundId: cmd.roundId,
    game: cmd.game,
    playerId: cmd.playerId,
    operatorId: cmd.operatorId,
    currency: cmd.currency,
    commandId: cmd.id,
    causationId: cmd.id,
    stake: cmd.stake,
    bet: cmd.bet,
    betId,
    balance: shownBalance ?? wallet.balance,
  });
  ctx.outbox.add(accepted);
  decisionTally(ctx).add(cmd, 'accepted', 'OK', accepted.id, betId);
  return 'accepted';
}
