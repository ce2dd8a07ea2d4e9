import { CanActivate, createParamDecorator, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import { LEDGER_CONFIG, LedgerConfig } from '../config/ledger-config';
import { LedgerError } from '../errors/ledger.errors';
import { OperatorAccount } from '../operators/operator-account';
import { AuthenticateOperatorUseCase } from '../use-cases/authenticate-operator/authenticate-operator.use-case';

/** What the guards need of an Express request. */
interface AuthRequest {
  method: string;
  originalUrl: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody?: Buffer;
  operator?: OperatorAccount;
}

/** Signed operator requests (/v1): puts the authenticated operator on the request, or refuses with a code. */
@Injectable()
export class OperatorAuthGuard implements CanActivate {
  constructor(private readonly authenticate: AuthenticateOperatorUseCase) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<AuthRequest>();
    req.operator = await this.authenticate.execute({
      method: req.method,
      pathWithQuery: req.originalUrl,
      headers: req.headers,
      body: req.rawBody ?? '',
    });
    return true;
  }
}

/** The operator OperatorAuthGuard authenticated: the only operator a /v1 route may act for. */
export const CurrentOperator = createParamDecorator((_: unknown, context: ExecutionContext) => {
  const operator = context.switchToHttp().getRequest<AuthRequest>().operator;
  if (!operator) throw new LedgerError('UNAUTHENTICATED');
  return operator;
});

/** Back-office routes: `Authorization: Bearer <LEDGER_BACKOFFICE_TOKEN>`, compared in constant time. */
@Injectable()
export class BackOfficeGuard implements CanActivate {
  private readonly expected: Buffer;

  constructor(@Inject(LEDGER_CONFIG) config: LedgerConfig) {
    this.expected = Buffer.from(`Bearer ${config.LEDGER_BACKOFFICE_TOKEN}`, 'utf8');
  }

  canActivate(context: ExecutionContext): boolean {
    const header = context.switchToHttp().getRequest<AuthRequest>().headers.authorization;
    const given = Buffer.from(typeof header === 'string' ? header : '', 'utf8');
    if (given.length !== this.expected.length || !timingSafeEqual(given, this.expected))
      throw new LedgerError('BACKOFFICE_UNAUTHORIZED');
    return true;
  }
}
