import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import { ALL_TABLES, AUTOMATION_DEALER_ID, DealerIdentity, DealerAccount } from './dealer-account';
import { DEALER_ACCOUNTS_OPTIONS, DEALER_STORE, DealerAccountsOptions } from './dealer-accounts-options';
import { dealerRefusal, LoginThrottledRefusal } from './dealer-errors';
import { AuditEntry, DealerStore } from './dealer-store';
import { signDealerToken, verifyDealerToken } from './dealer-token';
import { LoginThrottle } from './login-throttle';
import { checkPassword } from '@casino/service-kit';

export const DEALER_KEY_HEADER = 'x-dealer-key';

/** Hashing first makes the comparison constant-time whatever the lengths. */
function sameSecret(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}

export interface LoginAnswer {
  token: string;
  tokenType: 'Bearer';
  expiresAt: string;
  dealer: { dealerId: string; displayName: string; tables: string[] };
}

/** Login (throttled, audited), the check of every console request, and the audit log's writer. */
@Injectable()
export class DealerAuthService {
  private readonly logger = new Logger('DealerAuth');

  constructor(
    @Inject(DEALER_ACCOUNTS_OPTIONS) private readonly options: DealerAccountsOptions,
    @Inject(DEALER_STORE) private readonly store: DealerStore,
    private readonly throttle: LoginThrottle,
  ) {}

  async login(dealerId: string, password: string, ip: string): Promise<LoginAnswer> {
    const secret = this.options.env.DEALER_TOKEN_SECRET;
    if (secret === undefined) throw dealerRefusal('DEALER_LOGIN_DISABLED');
    const audit = (result: string) =>
      this.audit({ dealerId, tableId: null, action: 'login', body: null, result, clientIp: ip });
    const gate = this.throttle.begin(dealerId, ip);
    if (!gate.ok) {
      await audit('LOGIN_THROTTLED');
      throw new LoginThrottledRefusal(gate.retryAfterSeconds);
    }
    let account: DealerAccount | undefined;
    let matches = false;
    try {
      account = await this.store.find(dealerId);
      matches = await checkPassword(account?.passwordHash, password);
    } finally {
      this.throttle.finish(dealerId, ip, matches);
    }
    if (!account || !matches) {
      await audit('LOGIN_FAILED');
      throw dealerRefusal('LOGIN_FAILED');
    }
    if (account.status !== 'active') {
      await audit('DEALER_SUSPENDED');
      throw dealerRefusal('DEALER_SUSPENDED');
    }
    const iat = Math.floor(this.options.clock.now() / 1000);
    const exp = iat + this.options.env.DEALER_TOKEN_TTL_SECONDS;
    const claims = { svc: this.options.service, sub: dealerId, tables: account.tables, iat, exp };
    await audit('ok');
    return {
      token: signDealerToken(claims, secret),
      tokenType: 'Bearer',
      expiresAt: new Date(exp * 1000).toISOString(),
      dealer: { dealerId, displayName: account.displayName, tables: account.tables },
    };
  }

  /**
   * The dealer behind a console request: a bearer token of an active account (its tables: the token's that the
   * account still has), else the development key as `automation`. Throws the refusal otherwise.
   */
  async authenticate(headers: DealerHeaders, ip: string): Promise<DealerIdentity> {
    const auth = headers.authorization;
    if (typeof auth === 'string' && auth.startsWith('Bearer ')) return this.bearer(auth.slice(7).trim(), ip);
    const key = this.options.env.DEALER_API_KEY;
    const given = headers[DEALER_KEY_HEADER];
    if (key !== undefined && typeof given === 'string' && sameSecret(given, key))
      return { dealerId: AUTOMATION_DEALER_ID, tables: [ALL_TABLES] };
    throw dealerRefusal('UNAUTHENTICATED');
  }

  /** Appends to the audit log. A failed write is logged and does not undo the action it records. */
  async audit(entry: AuditEntry): Promise<void> {
    try {
      await this.store.appendAudit(entry);
    } catch (err) {
      this.logger.error(`dealer audit not written (${JSON.stringify(entry)}): ${(err as Error).message}`);
    }
  }

  private async bearer(token: string, ip: string): Promise<DealerIdentity> {
    const secret = this.options.env.DEALER_TOKEN_SECRET;
    if (secret === undefined) throw dealerRefusal('DEALER_LOGIN_DISABLED');
    const checked = verifyDealerToken(token, secret, {
      service: this.options.service,
      nowMs: this.options.clock.now(),
    });
    if (!checked.ok) throw dealerRefusal(checked.code);
    const { sub, tables } = checked.claims;
    // Suspension and a narrowed scope take effect at once, not at the token's expiry.
    const account = await this.store.find(sub);
    if (!account || account.status !== 'active') {
      await this.audit({
        dealerId: sub,
        tableId: null,
        action: 'token',
        body: null,
        result: 'DEALER_SUSPENDED',
        clientIp: ip,
      });
      throw dealerRefusal('DEALER_SUSPENDED');
    }
    return { dealerId: sub, tables: tables.filter((t) => account.tables.includes(t)) };
  }
}

export type DealerHeaders = Record<string, string | string[] | undefined>;
