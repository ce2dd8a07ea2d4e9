import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { BaseWsExceptionFilter } from '@nestjs/websockets';

const CODE_OF_STATUS: Partial<Record<number, string>> = {
  [HttpStatus.BAD_REQUEST]: 'INVALID_MESSAGE',
  [HttpStatus.UNAUTHORIZED]: 'UNAUTHENTICATED',
  [HttpStatus.FORBIDDEN]: 'FORBIDDEN',
  [HttpStatus.NOT_FOUND]: 'NOT_FOUND',
  [HttpStatus.CONFLICT]: 'ACTION_NOT_ALLOWED',
};

/** What the filter needs of the platform's response (Express). */
interface HttpResponse {
  status(code: number): { json(body: unknown): void };
}

/**
 * Every REST error of a game service leaves as `{ code, message }` (a refusal's own code when it has one, one
 * derived from the status otherwise). Socket errors keep the gateway's acknowledgements.
 */
@Catch()
export class RestExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('RestExceptionFilter');
  private readonly sockets = new BaseWsExceptionFilter();

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return this.sockets.catch(exception, host);
    const { status, code, message } = this.describe(exception);
    host.switchToHttp().getResponse<HttpResponse>().status(status).json({ code, message });
  }

  private describe(exception: unknown): { status: number; code: string; message: string } {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const body = exception.getResponse();
      const own =
        typeof body === 'object' && body !== null ? (body as { code?: unknown; message?: unknown }) : {};
      const code =
        typeof own.code === 'string'
          ? own.code
          : (CODE_OF_STATUS[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'INVALID_MESSAGE'));
      const message = typeof own.message === 'string' ? own.message : exception.message;
      return { status, code, message };
    }
    this.logger.error(
      exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
    );
    return {
      status: HttpStatus.INTERNAL_SERVER_ERROR,
      code: 'INTERNAL_ERROR',
      message: 'the service failed',
    };
  }
}
