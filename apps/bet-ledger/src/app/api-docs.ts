import { INestApplication } from '@nestjs/common';
import { OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { timingSafeEqual } from 'node:crypto';
import { operatorOpenApiDocument } from '../api/openapi/operator-openapi';
import { bearerOf } from '../back-office/auth/back-office.guard';
import { StaffAuthService } from '../back-office/auth/staff-auth.service';
import { LedgerConfig } from '../config/ledger-config';

/** The public part of the ledger's API: the signed operator API under /v1. */
const PUBLIC_PREFIX = '/v1/';

/**
 * The whole document for staff: the back-office routes as Nest describes them, the operator API as generated from
 * its zod schemas (docs/openapi/operator-api.json; its routes carry no Swagger decorators of their own).
 */
export function wholeApiDocument(nest: OpenAPIObject, operator: OpenAPIObject): OpenAPIObject {
  const backOffice = Object.fromEntries(
    Object.entries(nest.paths).filter(([path]) => !path.startsWith(PUBLIC_PREFIX)),
  );
  return {
    ...nest,
    paths: { ...backOffice, ...operator.paths },
    components: {
      ...nest.components,
      schemas: { ...nest.components?.schemas, ...operator.components?.schemas },
    },
    tags: [...(nest.tags ?? []), ...(operator.tags ?? [])].filter(
      (t, i, all) => all.findIndex((u) => u.name === t.name) === i,
    ),
  };
}

/** Whether /docs is served: LEDGER_API_DOCS `on`, or `auto` outside production. */
export function apiDocsEnabled(config: Pick<LedgerConfig, 'LEDGER_API_DOCS' | 'NODE_ENV'>): boolean {
  return (
    config.LEDGER_API_DOCS === 'on' || (config.LEDGER_API_DOCS === 'auto' && config.NODE_ENV !== 'production')
  );
}

/**
 * /docs and /docs-json list the operator API (generated from its zod schemas); /docs-json with
 * `Authorization: Bearer <staff session token or LEDGER_BACKOFFICE_TOKEN>` gives the whole document. Neither is
 * served when apiDocsEnabled says no (production, unless LEDGER_API_DOCS=on).
 */
export function serveApiDocs(app: INestApplication, nest: OpenAPIObject, config: LedgerConfig): void {
  if (!apiDocsEnabled(config)) return;
  const operator = operatorOpenApiDocument() as unknown as OpenAPIObject;
  const full = wholeApiDocument(nest, operator);
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
  SwaggerModule.setup('docs', app, operator);
}
