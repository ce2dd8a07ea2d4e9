import { RestExceptionFilter } from '@casino/service-kit';
import { ArgumentsHost, Catch, HttpStatus } from '@nestjs/common';
import { BaseWsExceptionFilter } from '@nestjs/websockets';

/**
 * Every REST error of a game service leaves as `{ code, message }` (a refusal's own code when it has one, one
 * derived from the status otherwise: the platform's one filter). Socket errors keep the gateway's acknowledgements.
 */
@Catch()
export class GameServiceExceptionFilter extends RestExceptionFilter {
  private readonly sockets = new BaseWsExceptionFilter();

  constructor() {
    super({
      codeOfStatus: {
        [HttpStatus.BAD_REQUEST]: 'INVALID_MESSAGE',
        [HttpStatus.UNAUTHORIZED]: 'UNAUTHENTICATED',
        [HttpStatus.FORBIDDEN]: 'FORBIDDEN',
        [HttpStatus.NOT_FOUND]: 'NOT_FOUND',
        [HttpStatus.CONFLICT]: 'ACTION_NOT_ALLOWED',
      },
      invalidCode: 'INVALID_MESSAGE',
      internalMessage: 'the service failed',
    });
  }

  override catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return this.sockets.catch(exception, host);
    super.catch(exception, host);
  }
}
