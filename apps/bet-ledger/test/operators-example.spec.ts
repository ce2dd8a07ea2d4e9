import { prefixedTopics } from '@casino/events';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ManageOperators } from '../src/use-cases/manage-operators/manage-operators.use-case';
import { createHarness, Harness } from './support/ledger-harness';

jest.setTimeout(60_000);

let h: Harness;
beforeAll(async () => {
  h = await createHarness('operators-example');
  await h.startLedger();
});
afterAll(async () => h?.close());

describe('docs/examples/operator-client.mjs', () => {
  it('signs requests the ledger accepts: deposit, idempotent retry, balances, launch', async () => {
    const key = await new ManageOperators(
      h.ds,
      h.config.LEDGER_SECRETS_KEY,
      prefixedTopics(h.config.KAFKA_TOPIC_PREFIX),
    ).create({
      operatorId: 'op-example',
      name: 'Example',
      currencies: ['EUR'],
    });
    const script = join(__dirname, '../../../docs/examples/operator-client.mjs');
    const { stdout } = await promisify(execFile)(process.execPath, [script, 'p-7'], {
      env: { ...process.env, LEDGER_URL: h.url(''), CASINO_KEY_ID: key.keyId, CASINO_SECRET: key.secret },
    });
    const out = JSON.parse(stdout);
    expect(out.deposit).toMatchObject({ status: 200, body: { balance: '10000' } });
    expect(out.retry).toEqual(out.deposit);
    expect(out.balances).toEqual({ status: 200, body: [{ currency: 'EUR', balance: '10000' }] });
    expect(out.session).toMatchObject({
      status: 201,
      body: { launchUrl: expect.stringContaining('game=baccarat') },
    });
  });
});
