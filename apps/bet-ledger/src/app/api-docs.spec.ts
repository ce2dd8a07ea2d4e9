import { OpenAPIObject } from '@nestjs/swagger';
import { apiDocsEnabled, wholeApiDocument } from './api-docs';

const op = (tag: string) => ({ get: { tags: [tag], responses: {} } });

describe('wholeApiDocument', () => {
  const nest: OpenAPIObject = {
    openapi: '3.0.0',
    info: { title: 'Bet ledger', version: '1' },
    paths: {
      '/v1/sessions': { post: { responses: {} } },
      '/quarantine': op('back office: quarantine'),
      '/health': op('health'),
    },
    components: { schemas: { DepositDto: { type: 'object' } } },
    tags: [{ name: 'back office: quarantine' }, { name: 'health' }],
  };
  const operator: OpenAPIObject = {
    openapi: '3.0.3',
    info: { title: 'operator API', version: '1' },
    paths: { '/v1/sessions': op('operator API (signed)'), '/v1/tables': op('operator API (signed)') },
    components: { schemas: { LaunchRequest: { type: 'object' } } },
    tags: [{ name: 'operator API (signed)' }],
  };

  it("takes the back office from Nest's document and /v1 from the generated one", () => {
    const doc = wholeApiDocument(nest, operator);
    expect(Object.keys(doc.paths).sort()).toEqual(['/health', '/quarantine', '/v1/sessions', '/v1/tables']);
    expect(doc.paths['/v1/sessions']).toEqual(operator.paths['/v1/sessions']);
    expect(Object.keys(doc.components?.schemas ?? {})).toEqual(['DepositDto', 'LaunchRequest']);
    expect(doc.tags?.map((t) => t.name)).toEqual([
      'back office: quarantine',
      'health',
      'operator API (signed)',
    ]);
  });
});

describe('apiDocsEnabled', () => {
  it('serves /docs outside production, in production only when LEDGER_API_DOCS=on, never when off', () => {
    expect(apiDocsEnabled({ LEDGER_API_DOCS: 'auto', NODE_ENV: 'development' })).toBe(true);
    expect(apiDocsEnabled({ LEDGER_API_DOCS: 'auto', NODE_ENV: 'production' })).toBe(false);
    expect(apiDocsEnabled({ LEDGER_API_DOCS: 'on', NODE_ENV: 'production' })).toBe(true);
    expect(apiDocsEnabled({ LEDGER_API_DOCS: 'off', NODE_ENV: 'development' })).toBe(false);
  });
});
