import { RoundVoidedEvent } from '@casino/events';
import { RoundView } from '../../rounds/round-view';
import {
  HeldVoidCode,
  holdVoid,
  markVoidApprovalApplied,
  voidApprovalOf,
} from '../../rounds/void-approvals.repository';
import { TransactionContext } from '../../transaction/transaction-context';

export const HELD_VOID_MESSAGES: Readonly<Record<HeldVoidCode, string>> = {
  VOID_NEEDS_APPROVAL:
    "the round's betting closed with stakes: its void needs a pit boss's approval in the back office",
  VOID_APPROVAL_MISMATCH: "the void names an approval that is not the round's",
};

/**
 * A game service's void of a round whose betting closed with stakes (docs/ledger.md#voids-after-betting-closed):
 * `approved` when a pit boss approved the void of that round (and the void names no other approval), which is then
 * marked applied by this event; otherwise the void is held (recorded once, an ALERT) and nothing is refunded: the
 * round stays closed, its result settles it, and an approval given later applies the held void.
 */
export async function approvedOrHeld(
  ctx: TransactionContext,
  round: RoundView,
  event: RoundVoidedEvent,
): Promise<'approved' | 'held'> {
  const approval = await voidApprovalOf(ctx.sql, round.tableId, round.roundId);
  const code: HeldVoidCode | undefined = !approval
    ? 'VOID_NEEDS_APPROVAL'
    : event.approvalId !== undefined && event.approvalId !== approval.approvalId
      ? 'VOID_APPROVAL_MISMATCH'
      : undefined;
  if (code === undefined) {
    await markVoidApprovalApplied(ctx.sql, round.tableId, round.roundId, event.id);
    return 'approved';
  }
  if (await holdVoid(ctx.sql, event, code))
    ctx.log.error(
      `ALERT ledger RoundVoided held: ${JSON.stringify({
        code,
        message: HELD_VOID_MESSAGES[code],
        eventId: event.id,
        tableId: round.tableId,
        roundId: round.roundId,
        reason: event.reason,
        approvalId: event.approvalId,
      })}`,
    );
  return 'held';
}
