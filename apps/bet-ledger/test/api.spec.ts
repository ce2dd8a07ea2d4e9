import {
  bac,
  baccaratResult,
  baccaratTable,
  closed,
  isSettled,
  newRound,
  OP,
  place,
} from './support/builders';
import { decide, openRound } from './support/flow';
import { backOffice, createHarness, deposit, Harness } from './support/ledger-harness';

jest.setTimeout(60_000);

let h: Harness;
beforeAll(async () => {
  h = await createHarness('api');
  await h.startLedger();
});
afterAll(async () => h?.close());

const get = async (path: string) => {
  const res = await fetch(h.url(path), { headers: backOffice(h) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & unknown[] };
};

describe('REST read API', () => {
  it('serves balances, bets, a round with its settlement, health and the OpenAPI document', async () => {
    const first = await deposit(h, OP, 'reader', 5_000n);
    expect(first).toMatchObject({ balance: '5000', duplicate: false });
    const again = await fetch(h.url(`/operators/${OP}/players/reader/deposits`), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...backOffice(h) },
      body: JSON.stringify({ currency: 'EUR', amount: '100', idempotencyKey: 'k1' }),
    });
    expect(again.status).toBe(200);
    const dup = await fetch(h.url(`/operators/${OP}/players/reader/deposits`), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...backOffice(h) },
      body: JSON.stringify({ currency: 'EUR', amount: '100', idempotencyKey: 'k1' }),
    });
    expect(await dup.json()).toMatchObject({ duplicate: true, balance: '5100' });
    const bad = await fetch(h.url(`/operators/${OP}/players/reader/deposits`), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...backOffice(h) },
      body: JSON.stringify({ currency: 'EUR', amount: '1.5', idempotencyKey: 'k2' }),
    });
    expect(bad.status).toBe(400);

    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    await decide(h, place(r, 'reader', 1_000n, bac('player')));
    await h.send(closed(r), baccaratResult(r, ['9S', '3C', 'KH', '4D']));
    await h.waitFor(isSettled(r));

    expect((await get(`/operators/${OP}/players/reader/balances`)).body).toEqual([
      { currency: 'EUR', balance: '6100' },
    ]);
    const bets = (await get(`/operators/${OP}/players/reader/bets`)).body as unknown as Record<
      string,
      unknown
    >[];
    expect(bets[0]).toMatchObject({ stake: '1000', status: 'settled', returned: '2000', outcome: 'win' });
    const round = await get(`/tables/${r.tableId}/rounds/${r.roundId}`);
    expect(round.body).toMatchObject({
      status: 'settled',
      betCount: 1,
      totalStaked: '1000',
      totalReturned: '2000',
    });
    expect((await get(`/tables/${r.tableId}/rounds/nope`)).status).toBe(404);

    const limit = await fetch(h.url(`/operators/${OP}/players/reader/limits/baccarat/*`), {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...backOffice(h) },
      body: JSON.stringify({ min: '100', max: '200' }),
    });
    expect(limit.status).toBe(200);
    const r2 = newRound('baccarat');
    await openRound(h, r2, baccaratTable());
    const over = place(r2, 'reader', 300n, bac('player'));
    expect((await decide(h, over)).get(over.id)).toMatchObject({ code: 'ABOVE_PERSONAL_LIMIT' });

    expect((await get('/health')).body).toMatchObject({ status: 'ok', database: true });
    // Back office needs its token; /health stays public.
    for (const path of [
      `/operators/${OP}/players/reader/balances`,
      `/tables/${r.tableId}/rounds/${r.roundId}`,
    ]) {
      for (const headers of [{}, { authorization: 'Bearer wrong-token-wrong-token' }] as Record<
        string,
        string
      >[]) {
        const refused = await fetch(h.url(path), { headers });
        expect(refused.status).toBe(401);
        expect(await refused.json()).toMatchObject({ code: 'BACKOFFICE_UNAUTHORIZED' });
      }
    }
    const unfunded = await fetch(h.url(`/operators/${OP}/players/thief/deposits`), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ currency: 'EUR', amount: '100', idempotencyKey: 'k-thief' }),
    });
    expect(unfunded.status).toBe(401);
    expect((await fetch(h.url('/health'))).status).toBe(200);
    const doc = await get('/docs-json');
    expect(Object.keys(doc.body.paths as object)).toEqual(
      expect.arrayContaining([
        '/health',
        '/tables/{tableId}/rounds/{roundId}',
        '/operators/{operatorId}/players/{playerId}/deposits',
        '/v1/sessions',
        '/v1/players/{playerId}/deposits',
        '/v1/players/{playerId}/withdrawals',
      ]),
    );
    expect(Object.keys(doc.body.paths as object)).toEqual(
      expect.arrayContaining(['/quarantine', '/back-office/operators', '/rounds/attention']),
    );
    // Without a staff token the document lists the operator API and nothing else.
    for (const headers of [{}, { authorization: 'Bearer wrong-token-wrong-token' }] as Record<
      string,
      string
    >[]) {
      const publicDoc = (await (await fetch(h.url('/docs-json'), { headers })).json()) as { paths: object };
      const publicPaths = Object.keys(publicDoc.paths);
      expect(publicPaths).toEqual(
        expect.arrayContaining(['/v1/sessions', '/v1/players/{playerId}/deposits']),
      );
      expect(publicPaths.filter((p) => !p.startsWith('/v1/'))).toEqual([]);
    }
    // Answers are typed models, the responsible-gambling state included.
    const schemas = (doc.body.components as { schemas: Record<string, { properties?: object }> }).schemas;
    const gamblingGet = (
      doc.body.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>
    )['/v1/players/{playerId}/responsible-gambling'].get;
    expect(JSON.stringify(gamblingGet.responses['200'])).toContain('GamblingLimitsStateDto');
    expect(Object.keys(schemas.GamblingLimitsStateDto.properties ?? {})).toEqual([
      'playerId',
      'currency',
      'limits',
      'used',
    ]);
    expect(schemas.LimitStateDto).toBeDefined();
  });
});
