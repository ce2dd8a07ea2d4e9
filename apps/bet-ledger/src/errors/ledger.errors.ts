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
  | 'INTERNAL_ERROR';

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
