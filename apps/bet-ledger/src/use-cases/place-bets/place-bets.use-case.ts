import { buildEvent, PlaceBetEvent } from '@casino/events';
import { randomUUID } from 'node:crypto';
import { BetBatch, commandIds, requireDecidable } from '../../bets/bet-batch';
import { TransactionContext } from '../../transaction/transaction-context';
import { applyAccepted, decideBet } from './place-bet.decision';

/**
 * Decides one PlaceBet against its batch (rules in place-bet.decision.ts) and records the outcome: an accepted
 * bet joins the batch's inserts and debits and is announced with BetAccepted; a refused one with BetRejected.
 */
export function placeBet(
  ctx: TransactionContext,
  batch: BetBatch,
  cmd: PlaceBetEvent,
): 'accepted' | 'rejected' {
  const decisionContext = batch.contextFor(cmd);
  const decision = decideBet(cmd, decisionContext);
  const ids = { ...commandIds(cmd), stake: cmd.stake, bet: cmd.bet };
  if (!decision.accepted) {
    ctx.outbox.add(buildEvent('BetRejected', { ...ids, code: decision.code, message: decision.message }));
    return 'rejected';
  }
  const betId = randomUUID();
  applyAccepted(cmd, decisionContext, {
    betId,
    key: decision.key,
    stake: cmd.stake,
    spec: cmd.bet,
    numbers: decision.numbers,
  });
  requireDecidable(decisionContext);
  const { wallet } = decisionContext;
  const { causationId: _, ...identity } = commandIds(cmd);
  batch.addAcceptedBet({
    ...identity,
    betId,
    accountId: wallet.accountId,
    stake: cmd.stake,
    limitKey: decision.key,
    spec: cmd.bet,
    acceptedAt: batch.acceptedAt,
  });
  ctx.outbox.add(buildEvent('BetAccepted', { ...ids, betId, balance: wallet.balance }));
  return 'accepted';
}
