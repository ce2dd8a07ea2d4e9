import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SEAMLESS_OPENAPI_FILE, seamlessWalletOpenApiDocument } from './seamless-wallet-openapi';

const file = join(__dirname, '../../../..', SEAMLESS_OPENAPI_FILE);

describe(`${SEAMLESS_OPENAPI_FILE} (generated from the protocol's zod schemas)`, () => {
  // `npm run openapi -w @casino/operator-protocol` regenerates it (UPDATE_OPENAPI=1, then prettier).
  if (process.env.UPDATE_OPENAPI === '1')
    it('is written', () =>
      writeFileSync(file, `${JSON.stringify(seamlessWalletOpenApiDocument(), null, 2)}\n`));

  it('is checked in exactly as generated', () => {
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(seamlessWalletOpenApiDocument());
  });
});
