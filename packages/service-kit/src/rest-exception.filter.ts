import { ArgumentsHost, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';

/** What a REST error leaves a service as: the status and the body `{ code, message }`. */
export interface RestError {
  status: number;
  code: string;
  message: string;
}

/** How one service names its errors. */
export interface RestErrorPolicy {
  /** The answer to one of the service's own error types (e.g. a typed domain error); undefined for anything else. */
  own?(exception: unknown): RestError | undefined;
  /** Codes of Nest's HTTP exceptions that carry none (a route that does not exist, a pipe's refusal), by status. */
  codeOfStatus: Partial<Record<number, string>>;
  /** The code of any other status below 500. */
  invalidCode: string;
  /** The message of a code when the exception has none. */
  messageOf?(code: string): string | undefined;
  /** The message of an unexpected failure (status 500, code INTERNAL_ERROR); the details go to the log only. */
  internalMessage: string;
}

/** What the filter needs of the platform's response (Express). */
interface HttpResponse {
  status(code: number): { json(body: unknown): void };
}

/**
 * Every REST error of a service leaves as `{ code, message }` with the code's status: the service's own errors as
 * its policy says, an HttpException with its body's own code when it has one (one derived from the status
 * otherwise), anything else as INTERNAL_ERROR with the stack logged. A service subclasses it with `@Catch()`.
 */
export class RestExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger(this.constructor.name);

  constructor(private readonly policy: RestErrorPolicy) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const { status, code, message } = this.describe(exception);
    host.switchToHttp().getResponse<HttpResponse>().status(status).json({ code, message });
  }

  describe(exception: unknown): RestError {
    const own = this.policy.own?.(exception);
    if (own) return own;
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      const body =
        typeof response === 'object' && response !== null
          ? (response as { code?: unknown; message?: unknown })
          : {};
      const code =
        typeof body.code === 'string'
          ? body.code
          : (this.policy.codeOfStatus[status] ??
            (status >= 500 ? 'INTERNAL_ERROR' : this.policy.invalidCode));
      const message =
        typeof body.message === 'string'
          ? body.message
          : exception.message || (this.policy.messageOf?.(code) ?? '');
      return { status, code, message };
    }
    this.logger.error(
      exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
    );
    return {
      status: HttpStatus.INTERNAL_SERVER_ERROR,
      code: 'INTERNAL_ERROR',
      message: this.policy.internalMessage,
    };
  }
}
