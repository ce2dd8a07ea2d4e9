import { prefixedTopics } from '@casino/events';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ManageOperators } from '../src/use-cases/manage-operators/manage-operators.use-case';
import { ManageTablesUseCase } from '../src/use-cases/manage-tables/manage-tables.use-case';
import { createHarness, Harness } from './support/ledger-harness';

jest.setTimeout(60_000);

let h: Harness;
beforeAll(async () => {
  h = await createHarness('operators-example');
  await h.startLedger();
});
afterAll(async () => h?.close());

describe('docs/examples/operator-client.mjs', () => {
  it('signs requests the ledger accepts: catalogue, deposit, idempotent retry, balances, launch with options, fun mode', async () => {
    const key = await new ManageOperators(
      h.ds,
      h.config.LEDGER_SECRETS_KEY,
      prefixedTopics(h.config.KAFKA_TOPIC_PREFIX),
    ).create({
      operatorId: 'op-example',
      name: 'Example',
      currencies: ['EUR'],
    });
    await new ManageTablesUseCase(h.ds).put('example-baccarat-1', {
      variant: 'live',
      currency: 'EUR',
      producer: 'baccarat-service',
      settings: {
        game: 'baccarat',
        payTable: 'commission',
        limits: { player: { min: '100', max: '500000' }, banker: { min: '100', max: '500000' } },
      },
      actor: 'test',
      reason: 'a table for the example to list',
    });
    const script = join(__dirname, '../../../docs/examples/operator-client.mjs');
    const { stdout } = await promisify(execFile)(process.execPath, [script, 'p-7'], {
      env: {
        ...process.env,
        LEDGER_URL: h.url(''),
        CASINO_KEY_ID: key.keyId,
        CASINO_SECRET: key.secret,
        OPERATOR_SITE: 'https://example-casino.test',
      },
    });
    const out = JSON.parse(stdout);
    expect(out.deposit).toMatchObject({ status: 200, body: { balance: '10000' } });
    expect(out.retry).toEqual(out.deposit);
    expect(out.balances).toEqual({ status: 200, body: [{ currency: 'EUR', balance: '10000' }] });
    expect(out.games.body.items).toContainEqual({
      game: 'baccarat',
      tables: 1,
      openTables: 1,
      currencies: ['EUR'],
      variants: ['live'],
    });
    expect(out.tables.body.items).toMatchObject([
      { tableId: 'example-baccarat-1', limits: { banker: { min: '100', max: '500000' } } },
    ]);
    expect(out.session.status).toBe(201);
    const launch = new URL(out.session.body.launchUrl);
    expect(Object.fromEntries(launch.searchParams)).toMatchObject({
      game: 'baccarat',
      table: 'example-baccarat-1',
      lobbyUrl: 'https://example-casino.test/live-casino',
      cashierUrl: 'https://example-casino.test/cashier',
      country: 'DE',
      device: 'desktop',
    });
    // The fun launch: the same options, play money, and the real balance untouched.
    expect(out.funSession).toMatchObject({ status: 201, body: { mode: 'fun', funBalance: '100000' } });
    expect(new URL(out.funSession.body.launchUrl).searchParams.get('mode')).toBe('fun');
    expect(out.balances.body).toEqual([{ currency: 'EUR', balance: '10000' }]);
  });
});
