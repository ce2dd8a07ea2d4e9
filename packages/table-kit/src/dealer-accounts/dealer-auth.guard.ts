import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { mayRunTable } from './dealer-account';
import { DealerAuthService } from './dealer-auth.service';
import { dealerRefusal } from './dealer-errors';
import { actionOf, clientIp, DealerRequest, summarizeBody } from './dealer-request';

/**
 * The dealer console's door: a dealer token (or the development key), and the route's table among the dealer's
 * tables (403 TABLE_NOT_ALLOWED, audited). Puts the dealer on the request for the audit interceptor.
 */
@Injectable()
export class DealerAuthGuard implements CanActivate {
  constructor(private readonly auth: DealerAuthService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<DealerRequest>();
    const ip = clientIp(req);
    const dealer = await this.auth.authenticate(req.headers, ip);
    const tableId = req.params?.tableId;
    if (tableId !== undefined && !mayRunTable(dealer.tables, tableId)) {
      await this.auth.audit({
        dealerId: dealer.dealerId,
        tableId,
        action: actionOf(req),
        body: summarizeBody(req.body),
        result: 'TABLE_NOT_ALLOWED',
        clientIp: ip,
      });
      throw dealerRefusal('TABLE_NOT_ALLOWED', `dealer ${dealer.dealerId} may not run table ${tableId}`);
    }
    req.dealer = dealer;
    return true;
  }
}
