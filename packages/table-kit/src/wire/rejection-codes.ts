import { BetRejectionCode, CancelRejectionCode } from '@casino/events';

/**
 * Every code a player can receive in a rejection. The ledger's codes come through unchanged; the rest are the
 * game service's own (message validation, table state, turn order).
 */
export type ServiceRejectionCode =
  | 'UNAUTHENTICATED'
  | 'INVALID_MESSAGE'
  | 'TABLE_UNKNOWN'
  | 'NOT_JOINED'
  | 'TABLE_CLOSED'
  | 'BETTING_CLOSED'
  | 'WRONG_ROUND'
  | 'NO_BET_ROUND'
  | 'BET_NOT_FOUND'
  | 'CANCEL_NOT_SUPPORTED'
  | 'CANCEL_PENDING'
  | 'SEAT_TAKEN'
  | 'SEAT_NOT_YOURS'
  | 'NOT_YOUR_TURN'
  | 'ACTION_NOT_ALLOWED'
  | 'DECISION_PENDING'
  | 'RECONNECT_TOO_SOON'
  | 'SESSION_BUSY'
  | 'NO_STAKE'
  | 'NOTHING_TO_REPEAT'
  | 'RATE_LIMITED'
  | 'INTERNAL_ERROR';

export type RejectionCode = ServiceRejectionCode | BetRejectionCode | CancelRejectionCode;

export interface Rejection {
  ok: false;
  code: RejectionCode;
  message: string;
}

export function rejection(code: RejectionCode, message: string): Rejection {
  return { ok: false, code, message };
}
