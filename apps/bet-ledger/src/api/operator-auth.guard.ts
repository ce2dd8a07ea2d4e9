import { CanActivate, createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
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

// The back-office guard lives with the staff accounts; re-exported for the routes that import it from here.
export { BackOfficeGuard } from '../back-office/auth/back-office.guard';
