import { CanActivate, ExecutionContext, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import { WALLET_CONFIG, WalletConfig } from '../config/wallet-config';

/** The admin routes want `Authorization: Bearer <OPERATOR_WALLET_ADMIN_TOKEN>`. */
@Injectable()
export class AdminTokenGuard implements CanActivate {
  private readonly expected: Buffer;

  constructor(@Inject(WALLET_CONFIG) config: WalletConfig) {
    this.expected = Buffer.from(`Bearer ${config.OPERATOR_WALLET_ADMIN_TOKEN}`);
  }

  canActivate(context: ExecutionContext): boolean {
    const given = Buffer.from(
      context.switchToHttp().getRequest<{ headers: { authorization?: string } }>().headers.authorization ??
        '',
    );
    if (given.length === this.expected.length && timingSafeEqual(given, this.expected)) return true;
    throw new UnauthorizedException({ code: 'UNAUTHORIZED', message: 'admin token required' });
  }
}
