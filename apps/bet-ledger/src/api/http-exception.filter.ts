import { WalletError } from '@casino/wallet';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import {
  LEDGER_ERROR_MESSAGES,
  LEDGER_ERROR_STATUS,
  LedgerError,
  LedgerErrorCode,
} from '../errors/ledger.errors';

/** Codes for Nest's own HTTP exceptions (a route that does not exist, a parameter pipe's refusal). */
const CODE_OF_STATUS: Partial<Record<number, LedgerErrorCode>> = {
  [HttpStatus.BAD_REQUEST]: 'INVALID_REQUEST',
  [HttpStatus.UNAUTHORIZED]: 'UNAUTHENTICATED',
  [HttpStatus.NOT_FOUND]: 'NOT_FOUND',
  [HttpStatus.SERVICE_UNAVAILABLE]: 'SERVICE_UNAVAILABLE',
};

/** What the filter needs of the platform's response (Express). */
interface HttpResponse {
  status(code: number): { json(body: unknown): void };
}

/** Every REST error leaves the ledger as `{ code, message }` with the code's status. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const { status, code, message } = this.describe(exception);
    host.switchToHttp().getResponse<HttpResponse>().status(status).json({ code, message });
  }

  private describe(exception: unknown): { status: number; code: string; message: string } {
    if (exception instanceof LedgerError || exception instanceof WalletError) {
      return {
        status: LEDGER_ERROR_STATUS[exception.code],
        code: exception.code,
        message: exception.message,
      };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const code = CODE_OF_STATUS[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'INVALID_REQUEST');
      return { status, code, message: exception.message || LEDGER_ERROR_MESSAGES[code] };
    }
    this.logger.error(
      exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
    );
    return {
      status: HttpStatus.INTERNAL_SERVER_ERROR,
      code: 'INTERNAL_ERROR',
      message: LEDGER_ERROR_MESSAGES.INTERNAL_ERROR,
    };
  }
}
