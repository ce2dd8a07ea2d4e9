import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  WALLET_CALL_PATHS,
  WALLET_CALL_SCHEMAS,
  WALLET_CALLS,
  WALLET_REFUSAL_CODES,
} from './seamless-wallet';
import { WALLET_V2_CALL_PATHS, WALLET_V2_CALL_SCHEMAS, WALLET_V2_CALLS } from './seamless-wallet-v2';

interface OpenApi {
  paths: Record<
    string,
    { post: { requestBody: { content: { 'application/json': { schema: { $ref: string } } } } } }
  >;
  components: {
    schemas: Record<string, { required?: string[]; properties?: Record<string, { enum?: string[] }> }>;
  };
}

/** The published OpenAPI of the operator's side must say what the code sends and accepts. */
describe('docs/openapi/seamless-wallet.json', () => {
  const doc = JSON.parse(
    readFileSync(join(__dirname, '../../../docs/openapi/seamless-wallet.json'), 'utf8'),
  ) as OpenApi;

  it.each(WALLET_CALLS)('documents the %s call with the fields the platform sends', (call) => {
    const ref = doc.paths[WALLET_CALL_PATHS[call]].post.requestBody.content['application/json'].schema.$ref;
    const schema = doc.components.schemas[ref.split('/').pop() as string];
    const shape: Record<string, { isOptional(): boolean }> = WALLET_CALL_SCHEMAS[call].shape;
    expect(Object.keys(schema.properties ?? {}).sort()).toEqual(Object.keys(shape).sort());
    // A credit names a debit or, for a free bet, a promotion: both optional, every other field required.
    const required = Object.keys(shape).filter((k) => !shape[k].isOptional());
    expect([...(schema.required ?? [])].sort()).toEqual(required.sort());
  });

  it.each(WALLET_V2_CALLS)('documents the version 2 %s call with the fields the platform sends', (call) => {
    const ref =
      doc.paths[WALLET_V2_CALL_PATHS[call]].post.requestBody.content['application/json'].schema.$ref;
    const schema = doc.components.schemas[ref.split('/').pop() as string];
    const shape: Record<string, { isOptional(): boolean }> = WALLET_V2_CALL_SCHEMAS[call].shape;
    expect(Object.keys(schema.properties ?? {}).sort()).toEqual(Object.keys(shape).sort());
    const required = Object.keys(shape).filter((k) => !shape[k].isOptional());
    expect([...(schema.required ?? [])].sort()).toEqual(required.sort());
  });

  it('lists exactly the refusal codes', () => {
    expect(doc.components.schemas.Refused.properties?.code.enum).toEqual([...WALLET_REFUSAL_CODES]);
  });
});
