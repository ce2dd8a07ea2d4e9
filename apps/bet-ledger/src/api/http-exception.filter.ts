import { RestExceptionFilter } from '@casino/service-kit';
import { WalletError } from '@casino/wallet';
import { Catch, HttpStatus } from '@nestjs/common';
import {
  LEDGER_ERROR_MESSAGES,
  LEDGER_ERROR_STATUS,
  LedgerError,
  LedgerErrorCode,
} from '../errors/ledger.errors';

/** Every REST error leaves the ledger as `{ code, message }` with the code's status (the platform's one filter). */
@Catch()
export class HttpExceptionFilter extends RestExceptionFilter {
  constructor() {
    super({
      own: (exception) =>
        exception instanceof LedgerError || exception instanceof WalletError
          ? { status: LEDGER_ERROR_STATUS[exception.code], code: exception.code, message: exception.message }
          : undefined,
      // Codes for Nest's own HTTP exceptions (a route that does not exist, a parameter pipe's refusal).
      codeOfStatus: {
        [HttpStatus.BAD_REQUEST]: 'INVALID_REQUEST',
        [HttpStatus.UNAUTHORIZED]: 'UNAUTHENTICATED',
        [HttpStatus.NOT_FOUND]: 'NOT_FOUND',
        [HttpStatus.SERVICE_UNAVAILABLE]: 'SERVICE_UNAVAILABLE',
      },
      invalidCode: 'INVALID_REQUEST',
      messageOf: (code) => LEDGER_ERROR_MESSAGES[code as LedgerErrorCode],
      internalMessage: LEDGER_ERROR_MESSAGES.INTERNAL_ERROR,
    });
  }
}
