import { makeEvent, RoundVoidedEvent } from '@casino/events';
import { RoundRef } from '../bets/bet-book';
import { Effects } from '../host/table-machine';

/** Why a round is void. */
export type VoidReason = RoundVoidedEvent['reason'];

/** "No more bets": BettingClosed closes the round's betting at the ledger, and the table's sockets are told. */
export function announceBettingClosed<I>(round: RoundRef, fx: Effects<I>): void {
  fx.publish(
    makeEvent('BettingClosed', { tableId: round.tableId, roundId: round.roundId, game: round.game }),
  );
  fx.broadcast('round:closed', { tableId: round.tableId, roundId: round.roundId });
}

/**
 * The round is void: RoundVoided tells the ledger to refund its stakes, then the table's sockets see the void.
 * The event is returned for the round to keep, so a restart can publish it again.
 */
export function publishVoid<I>(
  round: RoundRef,
  reason: VoidReason,
  message: string | undefined,
  fx: Effects<I>,
  approvalId?: string,
): RoundVoidedEvent {
  const event = makeEvent('RoundVoided', {
    tableId: round.tableId,
    roundId: round.roundId,
    game: round.game,
    reason,
    message,
    ...(approvalId === undefined ? {} : { approvalId }),
  });
  fx.publish(event);
  showVoid(round, reason, message, fx);
  return event;
}

/** The table's sockets see the round void (a round the ledger does not know of has nothing to refund). */
export function showVoid<I>(
  round: RoundRef,
  reason: VoidReason,
  message: string | undefined,
  fx: Effects<I>,
): void {
  fx.broadcast('round:voided', { tableId: round.tableId, roundId: round.roundId, reason, message });
}
