import {
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  Inject,
  Injectable,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { timingSafeEqual } from 'node:crypto';
import { LEDGER_CONFIG, LedgerConfig } from '../../config/ledger-config';
import { LedgerError } from '../../errors/ledger.errors';
import { allows, Permission, StaffPrincipal, SYSTEM_PRINCIPAL } from './permissions';
import { StaffAuthService } from './staff-auth.service';

const PERMISSION_KEY = 'backoffice:permission';

/** The permission a back-office route needs (permissions.ts); a route without one is for admins only. */
export const Requires = (permission: Permission) => SetMetadata(PERMISSION_KEY, permission);

interface BackOfficeRequest {
  headers: Record<string, string | string[] | undefined>;
  params?: Record<string, string | undefined>;
  query?: Record<string, unknown>;
  staff?: StaffPrincipal;
}

/** The bearer token of the request, if any. */
export function bearerOf(req: Pick<BackOfficeRequest, 'headers'>): string | undefined {
  const header = req.headers.authorization;
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return undefined;
  return header.slice('Bearer '.length);
}

/**
 * Back-office routes: `Authorization: Bearer <staff session token>` (POST /back-office/login), or the platform's
 * system token LEDGER_BACKOFFICE_TOKEN (scripts, tests: an admin of the platform, compared in constant time).
 * Then the route's permission for the caller's role, and an operator's staff kept to their operator: a path's
 * `operatorId` or a query's `operator` naming another operator is refused OPERATOR_FORBIDDEN.
 */
@Injectable()
export class BackOfficeGuard implements CanActivate {
  private readonly system: Buffer;

  constructor(
    @Inject(LEDGER_CONFIG) config: LedgerConfig,
    private readonly reflector: Reflector,
    private readonly auth: StaffAuthService,
  ) {
    this.system = Buffer.from(config.LEDGER_BACKOFFICE_TOKEN, 'utf8');
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<BackOfficeRequest>();
    const token = bearerOf(req);
    if (token === undefined) throw new LedgerError('BACKOFFICE_UNAUTHORIZED');
    const given = Buffer.from(token, 'utf8');
    const staff =
      given.length === this.system.length && timingSafeEqual(given, this.system)
        ? SYSTEM_PRINCIPAL
        : await this.auth.principal(token);
    if (!staff) throw new LedgerError('BACKOFFICE_UNAUTHORIZED');
    const permission = this.reflector.getAllAndOverride<Permission | undefined>(PERMISSION_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    const permitted = permission
      ? allows(staff, permission)
      : staff.role === 'admin' && staff.operatorId === null;
    if (!permitted)
      throw new LedgerError(
        'STAFF_FORBIDDEN',
        `role ${staff.role}${staff.operatorId ? ` of operator ${staff.operatorId}` : ''} lacks ${permission ?? 'admin'}`,
      );
    if (staff.operatorId !== null) {
      const asked = [req.params?.operatorId, req.query?.operator].filter((v) => typeof v === 'string');
      if (asked.some((op) => op !== staff.operatorId))
        throw new LedgerError(
          'OPERATOR_FORBIDDEN',
          `staff of ${staff.operatorId} asked for another operator`,
        );
    }
    req.staff = staff;
    return true;
  }
}

/** Who called the back-office route (set by BackOfficeGuard). */
export const CurrentStaff = createParamDecorator((_: unknown, context: ExecutionContext) => {
  const staff = context.switchToHttp().getRequest<BackOfficeRequest>().staff;
  if (!staff) throw new LedgerError('BACKOFFICE_UNAUTHORIZED');
  return staff;
});
