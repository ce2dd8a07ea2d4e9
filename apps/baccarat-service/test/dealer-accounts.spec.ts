import {
  createTestDealer,
  dealerAs,
  dealerToken,
  loginDealer,
  readDealerAudit,
} from '@casino/service-testing';
import { LiveTable, openLiveTable } from './support/harness';

jest.setTimeout(60_000);

// Two studio tables: the test is the dealer. The result pause leaves time for a void after the result.
const studio = (id: string) => ({
  id,
  variant: 'commission',
  dealer: 'studio',
  timers: { bettingMs: 1500, resultMs: 4000 },
});
const TABLES = [studio('bac-1'), studio('bac-2')];
const PASSWORD = 'correct horse battery staple';

describe('dealer accounts (service + Kafka + PostgreSQL + real ledger)', () => {
  let live: LiveTable;
  let url: string;

  beforeAll(async () => {
    live = await openLiveTable(TABLES, { extraEnv: { DEALER_LOGIN_MAX_FAILURES: '3' } });
    url = live.service.url;
    const db = live.t.db.url;
    await createTestDealer(db, {
      service: 'baccarat',
      dealerId: 'd1',
      tables: ['bac-1'],
      password: PASSWORD,
    });
    await createTestDealer(db, { service: 'baccarat', dealerId: 'boss', tables: ['*'], password: PASSWORD });
    await createTestDealer(db, { service: 'roulette', dealerId: 'rou', tables: ['*'], password: PASSWORD });
  });
  afterAll(() => live?.close());

  it('logs in, refuses wrong passwords, then throttles with Retry-After', async () => {
    const ok = await loginDealer(url, 'd1', PASSWORD);
    expect(ok).toMatchObject({ status: 200, body: { tokenType: 'Bearer', dealer: { tables: ['bac-1'] } } });
    expect(JSON.stringify(ok.body)).not.toContain('argon2');

    // Another service's dealer is unknown here: the registry is per service.
    expect((await loginDealer(url, 'rou', PASSWORD)).body).toMatchObject({ code: 'LOGIN_FAILED' });
    for (let i = 0; i < 3; i++)
      expect(await loginDealer(url, 'victim', 'not the password')).toMatchObject({
        status: 401,
        body: { code: 'LOGIN_FAILED' },
      });
    const throttled = await loginDealer(url, 'victim', 'not the password');
    expect(throttled).toMatchObject({ status: 429, body: { code: 'LOGIN_THROTTLED' } });
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(800);
    expect((await loginDealer(url, 'd1', '')).body).toMatchObject({ code: 'INVALID_MESSAGE' });
  });

  it('keeps a dealer to its tables, audits every command with its id, refuses a void after the result', async () => {
    const token = await dealerToken(url, 'd1', PASSWORD);
    const boss = await dealerToken(url, 'boss', PASSWORD);
    expect(await dealerAs(url, token, 'bac-2', 'new-shoe')).toMatchObject({
      status: 403,
      body: { code: 'TABLE_NOT_ALLOWED' },
    });
    expect((await dealerAs(url, 'not.a-token', 'bac-1', 'new-shoe')).status).toBe(401);

    const gina = await live.client('gina');
    await gina.request('join', { tableId: 'bac-1' });
    expect((await dealerAs(url, token, 'bac-1', 'new-shoe')).status).toBe(200);
    const roundId = (await gina.waitFor('round:opened')).roundId as string;
    await gina.waitFor('round:closed', (p) => p.roundId === roundId);
    expect((await dealerAs(url, token, 'bac-1', 'card', {})).body).toMatchObject({ code: 'INVALID_MESSAGE' });
    expect((await dealerAs(url, token, 'bac-1', 'card', { card: '4S' })).status).toBe(200);
    expect((await dealerAs(url, token, 'bac-1', 'card', { card: 'QH' })).status).toBe(200);
    expect((await dealerAs(url, token, 'bac-1', 'rescan')).status).toBe(200);
    // Player 4+5 = 9 and Banker K+8 = 8: naturals, the round's result is known at the fourth card.
    for (const card of ['KS', '5S', '8S'])
      expect((await dealerAs(url, token, 'bac-1', 'card', { card })).status).toBe(200);
    await gina.waitFor('round:result', (p) => p.roundId === roundId);
    expect(await dealerAs(url, token, 'bac-1', 'void', { reason: 'misdeal' })).toMatchObject({
      status: 409,
      body: { code: 'VOID_AFTER_RESULT' },
    });
    expect((await dealerAs(url, token, 'bac-1', 'no-bet-round')).status).toBe(200);
    expect((await dealerAs(url, token, 'bac-1', 'cut-card')).status).toBe(200);

    // Only a pit boss reads the log.
    expect((await readDealerAudit(url, token, { tableId: 'bac-1' })).body).toMatchObject({
      code: 'PIT_BOSS_ONLY',
    });
    const page = await readDealerAudit(url, boss, { tableId: 'bac-1' });
    expect(page.status).toBe(200);
    const lines = (page.body.entries as Record<string, unknown>[]).map((e) => [
      e.dealerId,
      e.action,
      e.result,
      e.body,
    ]);
    expect(lines).toEqual([
      ['d1', 'new-shoe', 'ok', null],
      ['d1', 'card', 'INVALID_MESSAGE', null],
      ['d1', 'card', 'ok', '{"card":"4S"}'],
      ['d1', 'card', 'ok', '{"card":"QH"}'],
      ['d1', 'rescan', 'ok', null],
      ['d1', 'card', 'ok', '{"card":"KS"}'],
      ['d1', 'card', 'ok', '{"card":"5S"}'],
      ['d1', 'card', 'ok', '{"card":"8S"}'],
      ['d1', 'void', 'VOID_AFTER_RESULT', '{"reason":"misdeal"}'],
      ['d1', 'no-bet-round', 'ok', null],
      ['d1', 'cut-card', 'ok', null],
    ]);
    const bac2 = await readDealerAudit(url, boss, { tableId: 'bac-2' });
    expect((bac2.body.entries as Record<string, unknown>[]).map((e) => [e.dealerId, e.result])).toEqual([
      ['d1', 'TABLE_NOT_ALLOWED'],
    ]);

    // Paged, and the logins are there too (no table).
    const first = await readDealerAudit(url, boss, { limit: '2' });
    expect(first.body.next).toEqual(expect.any(String));
    const second = await readDealerAudit(url, boss, { limit: '2', after: first.body.next as string });
    const ids = [...(first.body.entries as { id: string }[]), ...(second.body.entries as { id: string }[])];
    expect(new Set(ids.map((e) => e.id)).size).toBe(4);
    const all = await readDealerAudit(url, boss, { limit: '500' });
    const logins = (all.body.entries as Record<string, unknown>[]).filter((e) => e.action === 'login');
    expect(logins.map((e) => [e.dealerId, e.result])).toEqual(
      expect.arrayContaining([
        ['d1', 'ok'],
        ['victim', 'LOGIN_FAILED'],
        ['victim', 'LOGIN_THROTTLED'],
        ['boss', 'ok'],
      ]),
    );
    expect(logins.every((e) => typeof e.clientIp === 'string')).toBe(true);
    expect((await readDealerAudit(url, boss, { from: 'yesterday' })).status).toBe(400);
  });
});
