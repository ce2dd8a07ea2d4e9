import { buildEvent, CancelBetEvent } from '@casino/events';
import { BetBatch, commandIds, requireDecidable } from '../../bets/bet-batch';
import { decisionTally } from '../../observability/decision-metrics';
import { TransactionContext } from '../../transaction/transaction-context';
import { applyCancel, decideCancel } from './cancel-bet.decision';

/**
 * Decides one CancelBet against its batch (rules in cancel-bet.decision.ts): a withdrawn bet is refunded (one
 * journal entry per cancel, keyed by its command id), marked cancelled and announced with BetCancelled; a refused
 * cancel with BetCancelRejected. The refunded wallets get one BalanceChanged each at the end of the batch.
 */
export function cancelBet(
  ctx: TransactionContext,
  batch: BetBatch,
  cmd: CancelBetEvent,
): 'cancelled' | 'rejected' {
  const decisionContext = batch.contextFor(cmd);
  const decision = decideCancel(cmd, decisionContext, batch.cancelTarget(cmd.target));
  const ids = commandIds(cmd);
  if (!decision.ok) {
    const rejected = buildEvent('BetCancelRejected', {
      ...ids,
      target: cmd.target,
      code: decision.code,
      message: decision.message,
    });
    ctx.outbox.add(rejected);
    decisionTally(ctx).add(cmd, 'rejected', decision.code, rejected.id);
    return 'rejected';
  }
  const b = decision.bet;
  applyCancel(decisionContext, b);
  requireDecidable(decisionContext);
  const { wallet } = decisionContext;
  ctx.postings.add({
    idempotencyKey: `cancel:${cmd.id}`,
    kind: 'refund',
    reference: `cancel of bet ${b.betId}`,
    currency: b.currency,
    lines: [
      { accountId: b.inPlayAccountId, amount: -b.stake },
      { accountId: b.accountId, amount: b.stake - (b.bonus?.stake ?? 0n) },
      ...(b.bonus ? [{ accountId: b.bonus.accountId, amount: b.bonus.stake }] : []),
    ],
  });
  batch.addCancelledBet(cmd, b, wallet);
  const cancelled = buildEvent('BetCancelled', {
    ...ids,
    betId: b.betId,
    betCommandId: b.commandId,
    stake: b.stake,
    bet: b.spec,
    balance: wallet.balance,
  });
  ctx.outbox.add(cancelled);
  decisionTally(ctx).add(cmd, 'accepted', 'OK', cancelled.id, b.betId);
  return 'cancelled';
}
