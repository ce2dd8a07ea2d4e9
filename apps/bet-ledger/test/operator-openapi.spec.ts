import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LedgerModule } from '../src/app/app.module';
import { loadLedgerConfig } from '../src/config/ledger-config';
import { OPERATOR_OPENAPI_FILE, operatorOpenApiDocument } from '../src/api/openapi/operator-openapi';
import { operatorOpenApiText, REPO_ROOT, writeOperatorOpenApi } from '../src/api/openapi/write-openapi';

type Doc = { paths: Record<string, Record<string, unknown>> };

/** Every /v1 route of the ledger's controllers, as `METHOD /path/{param}` (a new controller included). */
function servedRoutes(): string[] {
  const out: string[] = [];
  const controllers = LedgerModule.forRoot(loadLedgerConfig({})).controllers ?? [];
  for (const controller of controllers) {
    const base = String(Reflect.getMetadata(PATH_METADATA, controller));
    for (const name of Object.getOwnPropertyNames(controller.prototype)) {
      const handler = (controller.prototype as unknown as Record<string, unknown>)[name];
      if (typeof handler !== 'function') continue;
      const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (path === undefined || method === undefined) continue;
      const full = `/${[base, path].filter((p) => p && p !== '/').join('/')}`.replace(
        /:([A-Za-z]+)/g,
        '{$1}',
      );
      if (full.startsWith('/v1/')) out.push(`${RequestMethod[method]} ${full}`);
    }
  }
  return out.sort();
}

describe(`${OPERATOR_OPENAPI_FILE} (generated from the zod schemas)`, () => {
  // `npm run openapi -w @casino/bet-ledger` regenerates it (UPDATE_OPENAPI=1 runs this file in write mode).
  if (process.env.UPDATE_OPENAPI === '1') it('is written', () => void writeOperatorOpenApi());

  it('is checked in exactly as generated (run npm run openapi -w @casino/bet-ledger after a schema change)', () => {
    // Compared as JSON: prettier formats the checked-in file (npm run openapi does).
    const checkedIn = readFileSync(join(REPO_ROOT, OPERATOR_OPENAPI_FILE), 'utf8');
    expect(JSON.parse(checkedIn)).toEqual(JSON.parse(operatorOpenApiText()));
  });

  it('documents exactly the /v1 routes the ledger serves', () => {
    const doc = operatorOpenApiDocument() as Doc;
    const documented = Object.entries(doc.paths)
      .flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(documented).toEqual(servedRoutes());
  });

  it('lists no back-office route and says what a launch option refusal answers', () => {
    const doc = operatorOpenApiDocument() as Doc;
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/v1/'))).toBe(true);
    const launch = JSON.stringify(doc.paths['/v1/sessions']);
    for (const code of ['LAUNCH_URL_INVALID', 'LAUNCH_URL_NOT_ALLOWED', 'COUNTRY_INVALID', 'DEVICE_INVALID'])
      expect(launch).toContain(code);
  });
});
