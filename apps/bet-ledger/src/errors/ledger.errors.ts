import { HttpStatus } from '@nestjs/common';

/** The codes of every error the ledger's REST API answers with, in the body `{ code, message }`. */
export type LedgerErrorCode =
  | 'INVALID_REQUEST'
  | 'UNAUTHENTICATED'
  | 'NOT_FOUND'
  | 'ROUND_NOT_FOUND'
  | 'INSUFFICIENT_FUNDS'
  | 'IDEMPOTENCY_CONFLICT'
  | 'CURRENCY_MISMATCH'
  | 'INVALID_AMOUNT'
  | 'ACCOUNT_NOT_FOUND'
  | 'UNBALANCED_ENTRY'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_ERROR'
  | 'SIGNATURE_MISSING'
  | 'KEY_UNKNOWN'
  | 'SIGNATURE_INVALID'
  | 'TIMESTAMP_STALE'
  | 'REQUEST_REPLAYED'
  | 'OPERATOR_SUSPENDED'
  | 'BACKOFFICE_UNAUTHORIZED'
  | 'OPERATOR_EXISTS'
  | 'OPERATOR_NOT_FOUND'
  | 'PLAYER_NOT_FOUND'
  | 'PLAYER_SUSPENDED'
  | 'SESSION_NOT_FOUND'
  | 'CURRENCY_NOT_SUPPORTED'
  | 'LIMIT_EXCEEDED'
  | 'DAILY_DEPOSIT_LIMIT_EXCEEDED'
  | 'BALANCE_CEILING_EXCEEDED'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'QUARANTINE_NOT_FOUND'
  | 'QUARANTINE_NOT_PARKED'
  | 'QUARANTINE_RETRY_FAILED'
  | 'TABLE_NOT_FOUND'
  | 'TABLE_SETTINGS_INVALID'
  | 'TABLE_GAME_CHANGED'
  | 'ROUND_FINAL'
  | 'ROUND_NOT_DISPUTED'
  | 'ROUND_NOT_STUCK'
  | 'ROUND_RESULT_PARKED'
  | 'ROUND_RESULT_REFUSED'
  | 'STAFF_LOGIN_FAILED'
  | 'STAFF_LOGIN_THROTTLED'
  | 'STAFF_FORBIDDEN'
  | 'OPERATOR_FORBIDDEN'
  | 'STAFF_EXISTS'
  | 'STAFF_NOT_FOUND'
  | 'OPERATOR_KEY_NOT_FOUND'
  | 'WALLET_UNAVAILABLE'
  | 'SEAMLESS_CALL_NOT_FAILED'
  | 'LAUNCH_URL_INVALID'
  | 'LAUNCH_URL_NOT_ALLOWED'
  | 'COUNTRY_INVALID'
  | 'DEVICE_INVALID'
  | 'REALITY_CHECK_INVALID'
  | 'ROUND_LINK_INVALID'
  | 'ROUND_LINK_EXPIRED'
  | 'BONUS_ACTIVE'
  | 'BONUS_NOT_FOUND'
  | 'BONUS_NOT_ACTIVE'
  | 'BONUS_NOT_SUPPORTED'
  | 'PLAYER_LIMITS_NOT_ALLOWED'
  | 'LAUNCH_MODE_INVALID'
  | 'COOLING_OFF'
  | 'PLAY_MONEY_BOOK';

/** The default message of each code, for errors raised without a more specific one. */
export const LEDGER_ERROR_MESSAGES: Readonly<Record<LedgerErrorCode, string>> = {
  INVALID_REQUEST: 'the request is not valid',
  UNAUTHENTICATED: 'the request has no valid credential',
  NOT_FOUND: 'no such resource',
  ROUND_NOT_FOUND: 'the ledger has no such round',
  INSUFFICIENT_FUNDS: 'the balance does not cover the amount',
  IDEMPOTENCY_CONFLICT: 'this idempotency key was used for a different request',
  CURRENCY_MISMATCH: 'the account is in another currency',
  INVALID_AMOUNT: 'the amount is not a positive number of minor units',
  ACCOUNT_NOT_FOUND: 'the account does not exist',
  UNBALANCED_ENTRY: 'the journal entry does not balance',
  SERVICE_UNAVAILABLE: 'the ledger cannot serve this now',
  INTERNAL_ERROR: 'the ledger failed to process the request',
  SIGNATURE_MISSING:
    'the request lacks X-Casino-Key, X-Casino-Timestamp, X-Casino-Request-Id or X-Casino-Signature',
  KEY_UNKNOWN: 'no active API key has this id',
  SIGNATURE_INVALID: 'the signature does not match the request',
  TIMESTAMP_STALE: 'the request timestamp is more than 5 minutes from the ledger clock',
  REQUEST_REPLAYED: 'this request id was already used',
  OPERATOR_SUSPENDED: 'the operator is suspended',
  BACKOFFICE_UNAUTHORIZED:
    'the back-office route needs Authorization: Bearer <a staff session token or LEDGER_BACKOFFICE_TOKEN>',
  OPERATOR_EXISTS: 'an operator with this id exists',
  OPERATOR_NOT_FOUND: 'no such operator',
  PLAYER_NOT_FOUND: 'the operator has no such player',
  PLAYER_SUSPENDED: 'the player is suspended',
  SESSION_NOT_FOUND: 'the operator has no such session',
  CURRENCY_NOT_SUPPORTED: 'the operator does not offer this currency',
  LIMIT_EXCEEDED: "the amount exceeds the operator's maximum deposit or maximum balance",
  DAILY_DEPOSIT_LIMIT_EXCEEDED: "the operator's deposits of this UTC day would exceed its daily maximum",
  BALANCE_CEILING_EXCEEDED: "the wallet would hold more than the ledger's balance ceiling for the currency",
  IDEMPOTENCY_KEY_REUSED: 'this transactionId was used with a different request',
  QUARANTINE_NOT_FOUND: 'no parked message has this id',
  QUARANTINE_NOT_PARKED: 'the message was already retried or discarded',
  QUARANTINE_RETRY_FAILED: 'the parked message still cannot be applied; it stays parked',
  TABLE_NOT_FOUND: 'the table catalogue has no such table',
  TABLE_SETTINGS_INVALID: "the table's settings fail the engines' checks",
  TABLE_GAME_CHANGED: "a table's game never changes: register another table id",
  ROUND_FINAL: 'the round is settled or voided: nothing changes it any more',
  ROUND_NOT_DISPUTED: 'only a disputed round takes a corrected result',
  ROUND_NOT_STUCK: 'the round is neither disputed nor open or closed longer than LEDGER_STUCK_ROUND_MINUTES',
  ROUND_RESULT_PARKED:
    "the round's result is parked in the quarantine: retry it, or discard it before a void",
  ROUND_RESULT_REFUSED: 'the engine refuses the corrected result; the round stays disputed',
  STAFF_LOGIN_FAILED: 'unknown username, wrong password or disabled account',
  STAFF_LOGIN_THROTTLED: 'too many failed logins: the account is locked for a while',
  STAFF_FORBIDDEN: "the staff member's role does not allow this",
  OPERATOR_FORBIDDEN: "an operator's staff see only their own operator's data",
  STAFF_EXISTS: 'a staff member has this username',
  STAFF_NOT_FOUND: 'no such staff member',
  OPERATOR_KEY_NOT_FOUND: 'the operator has no API key with this id',
  WALLET_UNAVAILABLE: "the operator's wallet did not answer",
  SEAMLESS_CALL_NOT_FAILED: 'only a failed seamless call can be resolved by hand',
  LAUNCH_URL_INVALID: 'a lobby or cashier URL must be an absolute http(s) URL without credentials',
  LAUNCH_URL_NOT_ALLOWED: "a lobby or cashier URL must be on one of the operator's allowed origins",
  COUNTRY_INVALID: 'country must be an assigned ISO 3166-1 alpha-2 code',
  DEVICE_INVALID: 'device must be desktop, mobile or tablet',
  REALITY_CHECK_INVALID: 'realityCheckMinutes must be a whole number of minutes from 1 to 1440',
  ROUND_LINK_INVALID: 'the round-details link is not one the ledger signed',
  ROUND_LINK_EXPIRED: 'the round-details link has expired: ask the operator for a new one',
  BONUS_ACTIVE: 'the player already has an active bonus in this currency',
  BONUS_NOT_FOUND: 'the operator granted this player no such bonus',
  BONUS_NOT_ACTIVE: 'the bonus was already converted, forfeited or expired',
  BONUS_NOT_SUPPORTED:
    'bonus money is for transfer-wallet operators (a seamless operator may grant free bets paying cash)',
  PLAYER_LIMITS_NOT_ALLOWED:
    'the operator does not let its players set their own limits (launch option playerLimits)',
  LAUNCH_MODE_INVALID: 'mode must be real or fun',
  COOLING_OFF: 'the player is taking a break',
  PLAY_MONEY_BOOK: 'a play-money book takes no signed requests: no deposits, withdrawals or other calls',
};

export const LEDGER_ERROR_STATUS: Readonly<Record<LedgerErrorCode, HttpStatus>> = {
  INVALID_REQUEST: HttpStatus.BAD_REQUEST,
  UNAUTHENTICATED: HttpStatus.UNAUTHORIZED,
  NOT_FOUND: HttpStatus.NOT_FOUND,
  ROUND_NOT_FOUND: HttpStatus.NOT_FOUND,
  INSUFFICIENT_FUNDS: HttpStatus.CONFLICT,
  IDEMPOTENCY_CONFLICT: HttpStatus.CONFLICT,
  CURRENCY_MISMATCH: HttpStatus.CONFLICT,
  INVALID_AMOUNT: HttpStatus.BAD_REQUEST,
  ACCOUNT_NOT_FOUND: HttpStatus.NOT_FOUND,
  UNBALANCED_ENTRY: HttpStatus.CONFLICT,
  SERVICE_UNAVAILABLE: HttpStatus.SERVICE_UNAVAILABLE,
  INTERNAL_ERROR: HttpStatus.INTERNAL_SERVER_ERROR,
  SIGNATURE_MISSING: HttpStatus.UNAUTHORIZED,
  KEY_UNKNOWN: HttpStatus.UNAUTHORIZED,
  SIGNATURE_INVALID: HttpStatus.UNAUTHORIZED,
  TIMESTAMP_STALE: HttpStatus.UNAUTHORIZED,
  REQUEST_REPLAYED: HttpStatus.CONFLICT,
  OPERATOR_SUSPENDED: HttpStatus.FORBIDDEN,
  BACKOFFICE_UNAUTHORIZED: HttpStatus.UNAUTHORIZED,
  OPERATOR_EXISTS: HttpStatus.CONFLICT,
  OPERATOR_NOT_FOUND: HttpStatus.NOT_FOUND,
  PLAYER_NOT_FOUND: HttpStatus.NOT_FOUND,
  PLAYER_SUSPENDED: HttpStatus.FORBIDDEN,
  SESSION_NOT_FOUND: HttpStatus.NOT_FOUND,
  CURRENCY_NOT_SUPPORTED: HttpStatus.BAD_REQUEST,
  LIMIT_EXCEEDED: HttpStatus.CONFLICT,
  DAILY_DEPOSIT_LIMIT_EXCEEDED: HttpStatus.CONFLICT,
  BALANCE_CEILING_EXCEEDED: HttpStatus.CONFLICT,
  IDEMPOTENCY_KEY_REUSED: HttpStatus.CONFLICT,
  QUARANTINE_NOT_FOUND: HttpStatus.NOT_FOUND,
  QUARANTINE_NOT_PARKED: HttpStatus.CONFLICT,
  QUARANTINE_RETRY_FAILED: HttpStatus.CONFLICT,
  TABLE_NOT_FOUND: HttpStatus.NOT_FOUND,
  TABLE_SETTINGS_INVALID: HttpStatus.BAD_REQUEST,
  TABLE_GAME_CHANGED: HttpStatus.CONFLICT,
  ROUND_FINAL: HttpStatus.CONFLICT,
  ROUND_NOT_DISPUTED: HttpStatus.CONFLICT,
  ROUND_NOT_STUCK: HttpStatus.CONFLICT,
  ROUND_RESULT_PARKED: HttpStatus.CONFLICT,
  ROUND_RESULT_REFUSED: HttpStatus.UNPROCESSABLE_ENTITY,
  STAFF_LOGIN_FAILED: HttpStatus.UNAUTHORIZED,
  STAFF_LOGIN_THROTTLED: HttpStatus.TOO_MANY_REQUESTS,
  STAFF_FORBIDDEN: HttpStatus.FORBIDDEN,
  OPERATOR_FORBIDDEN: HttpStatus.FORBIDDEN,
  STAFF_EXISTS: HttpStatus.CONFLICT,
  STAFF_NOT_FOUND: HttpStatus.NOT_FOUND,
  OPERATOR_KEY_NOT_FOUND: HttpStatus.NOT_FOUND,
  WALLET_UNAVAILABLE: HttpStatus.SERVICE_UNAVAILABLE,
  SEAMLESS_CALL_NOT_FAILED: HttpStatus.CONFLICT,
  LAUNCH_URL_INVALID: HttpStatus.BAD_REQUEST,
  LAUNCH_URL_NOT_ALLOWED: HttpStatus.BAD_REQUEST,
  COUNTRY_INVALID: HttpStatus.BAD_REQUEST,
  DEVICE_INVALID: HttpStatus.BAD_REQUEST,
  REALITY_CHECK_INVALID: HttpStatus.BAD_REQUEST,
  ROUND_LINK_INVALID: HttpStatus.UNAUTHORIZED,
  ROUND_LINK_EXPIRED: HttpStatus.UNAUTHORIZED,
  BONUS_ACTIVE: HttpStatus.CONFLICT,
  BONUS_NOT_FOUND: HttpStatus.NOT_FOUND,
  BONUS_NOT_ACTIVE: HttpStatus.CONFLICT,
  BONUS_NOT_SUPPORTED: HttpStatus.CONFLICT,
  PLAYER_LIMITS_NOT_ALLOWED: HttpStatus.FORBIDDEN,
  LAUNCH_MODE_INVALID: HttpStatus.BAD_REQUEST,
  COOLING_OFF: HttpStatus.FORBIDDEN,
  PLAY_MONEY_BOOK: HttpStatus.FORBIDDEN,
};

/** A refusal a use case reports to its caller; the API filter turns it into `{ code, message }`. */
export class LedgerError extends Error {
  constructor(
    readonly code: LedgerErrorCode,
    message: string = LEDGER_ERROR_MESSAGES[code],
  ) {
    super(message);
    this.name = 'LedgerError';
  }
}
