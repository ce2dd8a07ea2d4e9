import {
  BET_REJECTION_MESSAGES,
  BetRejectionCode,
  CANCEL_REJECTION_MESSAGES,
  CancelRejectionCode,
} from '@casino/events';

/**
 * Every code a player can receive in a rejection. The ledger's codes come through unchanged; the rest are the
 * game service's own (message validation, table state, turn order).
 */
export type ServiceRejectionCode =
  | 'UNAUTHENTICATED'
  | 'PROTOCOL_UNSUPPORTED'
  | 'INVALID_MESSAGE'
  | 'TABLE_UNKNOWN'
  | 'NOT_JOINED'
  | 'TABLE_CLOSED'
  | 'TABLE_PAUSED'
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
  | 'VOID_AFTER_RESULT'
  | 'VOID_NEEDS_APPROVAL'
  | 'INTERNAL_ERROR';

/** What each of the service's own codes tells a player (the ledger's codes have theirs in @casino/events). */
export const SERVICE_REJECTION_MESSAGES: Readonly<Record<ServiceRejectionCode, string>> = {
  UNAUTHENTICATED: 'the connection has no valid player token',
  PROTOCOL_UNSUPPORTED: 'the client speaks a protocol version this service does not: reload the client',
  INVALID_MESSAGE: 'the message is not valid',
  TABLE_UNKNOWN: 'no such table',
  NOT_JOINED: 'join the table first',
  TABLE_CLOSED: 'the table is closed',
  TABLE_PAUSED: 'the table is paused until its services are back',
  BETTING_CLOSED: 'betting on this round is closed',
  WRONG_ROUND: 'that is not the round taking bets',
  NO_BET_ROUND: 'this round is played without bets',
  BET_NOT_FOUND: 'no such bet of yours in this round',
  CANCEL_NOT_SUPPORTED: 'this bet cannot be withdrawn',
  CANCEL_PENDING: 'a withdrawal of this bet is already with the ledger',
  SEAT_TAKEN: 'the seat is taken',
  SEAT_NOT_YOURS: 'the seat is not yours',
  NOT_YOUR_TURN: 'it is not your turn',
  ACTION_NOT_ALLOWED: 'that is not allowed now',
  DECISION_PENDING: 'a stake of this seat is still with the ledger',
  RECONNECT_TOO_SOON: 'wait before reconnecting',
  SESSION_BUSY: 'the session is dealing a round',
  NO_STAKE: 'place a stake first',
  NOTHING_TO_REPEAT: 'there is no previous round to repeat',
  RATE_LIMITED: 'too many messages: slow down',
  VOID_AFTER_RESULT: 'the round’s result is known: only the back office can void it now',
  VOID_NEEDS_APPROVAL:
    'betting has closed: a void needs the approval id a pit boss gets from the back office for this round',
  INTERNAL_ERROR: 'the table failed to process the message',
};

export type RejectionCode = ServiceRejectionCode | BetRejectionCode | CancelRejectionCode;

export interface Rejection {
  ok: false;
  code: RejectionCode;
  message: string;
}

const DEFAULT_MESSAGES: Readonly<Record<RejectionCode, string>> = {
  ...BET_REJECTION_MESSAGES,
  ...CANCEL_REJECTION_MESSAGES,
  ...SERVICE_REJECTION_MESSAGES,
};

/** A refusal with its code's default message unless a more specific one is given. */
export function rejection(code: RejectionCode, message: string = DEFAULT_MESSAGES[code]): Rejection {
  return { ok: false, code, message };
}
