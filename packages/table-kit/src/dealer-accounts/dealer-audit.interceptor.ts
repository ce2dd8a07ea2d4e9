import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { catchError, concatMap, from, map, Observable, throwError } from 'rxjs';
import { DealerAuthService } from './dealer-auth.service';
import { actionOf, clientIp, DealerRequest, resultCodeOf, summarizeBody } from './dealer-request';

/**
 * Writes one audit line per console command once its answer is known: `ok` or the refusal's code (invalid
 * bodies and the machines' refusals included). The answer waits for the line, so the log's order is the
 * commands' order.
 */
@Injectable()
export class DealerAuditInterceptor implements NestInterceptor {
  constructor(private readonly auth: DealerAuthService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<DealerRequest>();
    const dealer = req.dealer;
    if (!dealer) return next.handle();
    const write = (result: string) =>
      this.auth.audit({
        dealerId: dealer.dealerId,
        tableId: req.params?.tableId ?? null,
        action: actionOf(req),
        body: summarizeBody(req.body),
        result,
        clientIp: clientIp(req),
      });
    return next.handle().pipe(
      concatMap((value: unknown) => from(write('ok')).pipe(map(() => value))),
      catchError((err: unknown) =>
        from(write(resultCodeOf(err))).pipe(concatMap(() => throwError(() => err))),
      ),
    );
  }
}
