import { OpenAPIObject } from '@nestjs/swagger';
import { operatorApiDocument } from './api-docs';

const op = (tag: string) => ({ get: { tags: [tag], responses: {} } });

describe('operatorApiDocument', () => {
  const full: OpenAPIObject = {
    openapi: '3.0.0',
    info: { title: 'Bet ledger', version: '1' },
    paths: {
      '/v1/sessions': { post: { tags: ['operator API (signed)'], responses: {} } },
      '/v1/players/{playerId}/balances': op('operator API (signed)'),
      '/quarantine': op('back office: quarantine'),
      '/back-office/operators': op('back office: operators'),
      '/operators/{operatorId}/players/{playerId}/deposits': op('back office: players'),
      '/health': op('health'),
      '/v1x': op('other'),
    },
    tags: [{ name: 'operator API (signed)' }, { name: 'back office: quarantine' }, { name: 'health' }],
  };

  it('keeps the operator API only, and only its tags', () => {
    const doc = operatorApiDocument(full);
    expect(Object.keys(doc.paths)).toEqual(['/v1/sessions', '/v1/players/{playerId}/balances']);
    expect(doc.tags).toEqual([{ name: 'operator API (signed)' }]);
    expect(Object.keys(full.paths)).toHaveLength(7);
  });
});
