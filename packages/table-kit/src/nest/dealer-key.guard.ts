import { CanActivate, ExecutionContext, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';

export const DEALER_KEY_HEADER = 'x-dealer-key';

/** Injection token of the configured dealer API key (a string). */
export const DEALER_API_KEY = 'DEALER_API_KEY';

/** Hashing first makes the comparison constant-time whatever the lengths. */
function sameSecret(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}

/** The dealer console (studio or pit boss) authenticates with an API key header. */
@Injectable()
export class DealerKeyGuard implements CanActivate {
  constructor(@Inject(DEALER_API_KEY) private readonly key: string) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context
      .switchToHttp()
      .getRequest<{ headers: Record<string, string | string[] | undefined> }>();
    const given = request.headers[DEALER_KEY_HEADER];
    if (typeof given !== 'string' || !sameSecret(given, this.key)) {
      throw new UnauthorizedException({
        code: 'UNAUTHENTICATED',
        message: `missing or wrong ${DEALER_KEY_HEADER}`,
      });
    }
    return true;
  }
}
