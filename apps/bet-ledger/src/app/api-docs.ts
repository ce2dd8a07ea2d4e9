import { INestApplication } from '@nestjs/common';
import { OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { timingSafeEqual } from 'node:crypto';
import { bearerOf } from '../back-office/auth/back-office.guard';
import { StaffAuthService } from '../back-office/auth/staff-auth.service';
import { LedgerConfig } from '../config/ledger-config';

/** The public part of the ledger's API: the signed operator API under /v1. */
const PUBLIC_PREFIX = '/v1/';

/**
 * The document without a staff token: the operator API's paths only, and only the tags they use. The back-office,
 * quarantine and round routes stay unlisted (they answer 401 anyway; their list is a map for an attacker).
 */
export function operatorApiDocument(full: OpenAPIObject): OpenAPIObject {
  const paths = Object.fromEntries(
    Object.entries(full.paths).filter(([path]) => path.startsWith(PUBLIC_PREFIX)),
  );
  const used = new Set(
    Object.values(paths).flatMap((item) =>
      Object.values(item as Record<string, { tags?: string[] } | undefined>).flatMap((op) =>
        op && typeof op === 'object' && Array.isArray(op.tags) ? op.tags : [],
      ),
    ),
  );
  return { ...full, paths, tags: full.tags?.filter((t) => used.has(t.name)) };
}

/**
 * /docs and /docs-json list the operator API; /docs-json with `Authorization: Bearer <staff session token or
 * LEDGER_BACKOFFICE_TOKEN>` gives the whole document.
 */
export function serveApiDocs(app: INestApplication, full: OpenAPIObject, config: LedgerConfig): void {
  const system = Buffer.from(config.LEDGER_BACKOFFICE_TOKEN, 'utf8');
  const staff = app.get(StaffAuthService, { strict: false });
  const isStaff = async (token: string | undefined): Promise<boolean> => {
    if (token === undefined) return false;
    const given = Buffer.from(token, 'utf8');
    if (given.length === system.length && timingSafeEqual(given, system)) return true;
    return (await staff.principal(token)) !== undefined;
  };
  // Registered before Swagger's own routes, so a staff request gets the whole document first.
  app.use(
    '/docs-json',
    (
      req: { method: string; headers: Record<string, string | string[] | undefined> },
      res: { json(body: unknown): void },
      next: (err?: unknown) => void,
    ) => {
      if (req.method !== 'GET') return next();
      isStaff(bearerOf(req)).then((ok) => (ok ? res.json(full) : next()), next);
    },
  );
  SwaggerModule.setup('docs', app, operatorApiDocument(full));
}
