import { makeEvent } from '@casino/events';
import {
  bac,
  baccaratResult,
  baccaratTable,
  blackjackTable,
  closed,
  isSettled,
  newRound,
  OP,
  opened,
  place,
  RoundRef,
  rouletteTable,
} from './support/builders';
import { codeOf, decide, openRound } from './support/flow';
import { backOffice, createHarness, deposit, Harness } from './support/ledger-harness';
import { eventually, keysOnPartition } from './support/raw-topics';

jest.setTimeout(60_000);

// The table catalogue (docs/ledger.md#table-catalogue): a RoundOpened is checked against it and refused when its
// table is unknown, closed or configured otherwise; the refusal is a decision, so the partition goes on.

let h: Harness;
beforeAll(async () => {
  h = await createHarness('catalogue');
  await h.startLedger();
});
afterAll(async () => h?.close());

const PARTITIONS = 3;
const PLAYER_WINS = ['9H', '2C', 'KD', '3S'];

async function call<T = Record<string, unknown>>(method: string, path: string, body?: unknown) {
  const res = await fetch(h.url(path), {
    method,
    headers: { 'content-type': 'application/json', ...backOffice(h) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

const putBody = (settings: unknown, over: Record<string, unknown> = {}) => ({
  variant: 'live',
  currency: 'EUR',
  producer: 'baccarat-service',
  settings,
  actor: 'jane.doe',
  reason: 'new table',
  ...over,
});

/** baccaratTable() as the API takes it: amounts as strings, no roundInShoe. */
function wire(config: object): Record<string, unknown> {
  const json = JSON.parse(
    JSON.stringify(config, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)),
  );
  delete json.roundInShoe;
  return json;
}

async function refusalOf(r: RoundRef): Promise<{ code: string; message: string }> {
  const [row] = await eventually(`refusal of ${r.roundId}`, async () => {
    const rows = await h.ds.query(
      `SELECT code, message FROM ledger_table_refusals WHERE table_id = $1 AND round_id = $2`,
      [r.tableId, r.roundId],
    );
    return rows.length > 0 ? rows : undefined;
  });
  return row as { code: string; message: string };
}

const roundRows = async (r: RoundRef) =>
  (
    await h.ds.query(`SELECT config FROM ledger_rounds WHERE table_id = $1 AND round_id = $2`, [
      r.tableId,
      r.roundId,
    ])
  ).length;

describe('the table catalogue', () => {
  it('refuses a RoundOpened of an unknown table: reported, its bets rejected, the partition goes on', async () => {
    await deposit(h, OP, 'cat-p1', 10_000n);
    const [foreignTable, goodTable] = keysOnPartition('cat-bac', 1, PARTITIONS, 2);
    const foreign = newRound('baccarat', foreignTable);
    await h.sendUnregistered(opened(foreign, baccaratTable()));
    expect(await refusalOf(foreign)).toMatchObject({ code: 'TABLE_UNKNOWN' });
    expect(await roundRows(foreign)).toBe(0);
    const bet = place(foreign, 'cat-p1', 500n, bac('player'));
    expect(codeOf((await decide(h, bet)).get(bet.id))).toBe('ROUND_UNKNOWN');

    // The foreign round's later events and a registered table's round, one send, on the same partition.
    const good = newRound('baccarat', goodTable);
    await h.sendUnregistered(closed(foreign), baccaratResult(foreign, PLAYER_WINS));
    await openRound(h, good, baccaratTable());
    const goodBet = place(good, 'cat-p1', 500n, bac('player'));
    expect(codeOf((await decide(h, goodBet)).get(goodBet.id))).toBe('ACCEPTED');
    await h.send(closed(good), baccaratResult(good, PLAYER_WINS));
    await h.waitFor(isSettled(good));

    const health = (await (await fetch(h.url('/health'))).json()) as {
      tableRefusals: { total: number; byCode: Record<string, number> };
      pendingRoundEvents: number;
      quarantine: { open: number };
    };
    expect(health.tableRefusals.byCode.TABLE_UNKNOWN).toBeGreaterThanOrEqual(1);
    // Refused, not parked, and its round's later events skipped rather than kept.
    expect(health.quarantine.open).toBe(0);
    expect(health.pendingRoundEvents).toBe(0);
    expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
  });

  it('refuses a RoundOpened whose pay table, limits, game or currency differ from the catalogue', async () => {
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable()); // registers the table as commission
    const noCommission = newRound('baccarat', r.tableId);
    await h.sendUnregistered(opened(noCommission, baccaratTable({ payTable: 'no-commission' })));
    const refusal = await refusalOf(noCommission);
    expect(refusal.code).toBe('TABLE_CONFIG_MISMATCH');
    expect(refusal.message).toContain('table.payTable');
    const bigger = newRound('baccarat', r.tableId);
    const limits = { ...baccaratTable().limits, player: { min: 100n, max: 9_000_000n } };
    await h.sendUnregistered(opened(bigger, baccaratTable({ limits })));
    expect((await refusalOf(bigger)).message).toContain('table.limits');
    const dollars = { ...newRound('baccarat', r.tableId), currency: 'USD' };
    await h.sendUnregistered(opened(dollars, baccaratTable()));
    expect((await refusalOf(dollars)).message).toContain('currency USD');
    // Another game in a message of the table's own service (its game's topic).
    const roulette = newRound('roulette', r.tableId);
    await h.sendOn(h.topics.roundsBaccarat, opened(roulette, rouletteTable()));
    expect(await refusalOf(roulette)).toMatchObject({ code: 'TABLE_CONFIG_MISMATCH' });
    expect((await refusalOf(roulette)).message).toContain('game roulette');
    for (const x of [noCommission, bigger, dollars, roulette]) expect(await roundRows(x)).toBe(0);
  });

  it("records a round with the catalogue's settings, only the round of the shoe from the message", async () => {
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable({ roundInShoe: 7 }));
    const [row] = await h.ds.query(`SELECT config FROM ledger_rounds WHERE table_id = $1 AND round_id = $2`, [
      r.tableId,
      r.roundId,
    ]);
    const [table] = await h.ds.query(`SELECT settings FROM ledger_tables WHERE table_id = $1`, [r.tableId]);
    expect(row.config).toEqual({ ...table.settings, roundInShoe: 7 });
  });

  it('creates, validates, updates, closes and audits tables through the back-office API', async () => {
    expect((await fetch(h.url('/tables'))).status).toBe(401);
    const created = await call('PUT', '/tables/api-bac-1', putBody(wire(baccaratTable())));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      created: true,
      changed: true,
      // A table is live (a studio's) unless declared automatic (docs/kafka-security.md#signed-live-results).
      table: { status: 'open', version: 1, dealer: 'studio' },
    });
    const again = await call('PUT', '/tables/api-bac-1', putBody(wire(baccaratTable())));
    expect(again).toMatchObject({ status: 200, body: { changed: false } });

    // Every invalid request changes nothing.
    const bad = async (settings: unknown, code: string, text: string, over = {}) => {
      const res = await call<{ code: string; message: string }>(
        'PUT',
        '/tables/api-bac-1',
        putBody(settings, over),
      );
      expect(res.body.code).toBe(code);
      expect(res.body.message).toContain(text);
    };
    await bad({ ...wire(baccaratTable()), payTable: 'generous' }, 'TABLE_SETTINGS_INVALID', 'payTable');
    const upside = { ...wire(baccaratTable()), limits: { player: { min: '500', max: '100' } } };
    await bad(upside, 'TABLE_SETTINGS_INVALID', 'min 500 is above max 100');
    const unknownBet = { ...wire(baccaratTable()), limits: { dragon: { min: '1', max: '100' } } };
    await bad(unknownBet, 'TABLE_SETTINGS_INVALID', 'limits.dragon');
    await bad(wire(blackjackTable()), 'TABLE_GAME_CHANGED', 'plays baccarat');
    await bad(wire(baccaratTable()), 'INVALID_REQUEST', 'currency', { currency: 'euro' });
    await bad(wire(baccaratTable()), 'INVALID_REQUEST', 'actor', { actor: '' });
    await bad(wire(baccaratTable()), 'INVALID_REQUEST', 'dealer', { dealer: 'robot' });
    const blackjack = await call<{ code: string; message: string }>(
      'PUT',
      '/tables/api-bj-1',
      putBody(wire({ ...blackjackTable(), decks: 13 }), { producer: 'blackjack-service' }),
    );
    expect(blackjack.body.code).toBe('TABLE_SETTINGS_INVALID');
    expect(blackjack.body.message).toContain('decks');
    expect((await call('GET', '/tables/api-bj-1')).body.code).toBe('TABLE_NOT_FOUND');

    const noCommission = { ...wire(baccaratTable()), payTable: 'no-commission' };
    const updated = await call(
      'PUT',
      '/tables/api-bac-1',
      putBody(noCommission, { reason: 'EZ baccarat', dealer: 'auto' }),
    );
    expect(updated).toMatchObject({
      status: 200,
      body: { changed: true, table: { version: 2, dealer: 'auto' } },
    });
    // A PUT without `dealer` keeps the table's.
    const same = await call('PUT', '/tables/api-bac-1', putBody(noCommission, { reason: 'EZ baccarat' }));
    expect(same).toMatchObject({ status: 200, body: { changed: false, table: { dealer: 'auto' } } });
    const closedTable = await call('POST', '/tables/api-bac-1/close', { actor: 'joe', reason: 'retired' });
    expect(closedTable.body).toMatchObject({ table: { status: 'closed', updatedBy: 'joe', dealer: 'auto' } });
    expect((await call('POST', '/tables/nope/close', { actor: 'joe', reason: 'x' })).status).toBe(404);

    const detail = await call<{ audit: { action: string; actor: string; reason: string }[] }>(
      'GET',
      '/tables/api-bac-1',
    );
    expect(detail.body.audit.map((a) => [a.action, a.actor, a.reason])).toEqual([
      ['create', 'jane.doe', 'new table'],
      ['update', 'jane.doe', 'EZ baccarat'],
      ['close', 'joe', 'retired'],
    ]);
    const page = await call<{ items: { tableId: string }[]; nextAfter: string | null }>(
      'GET',
      '/tables?limit=1',
    );
    expect(page.body.items).toHaveLength(1);
    expect(page.body.nextAfter).toBe(page.body.items[0]?.tableId);
  });

  it('refuses a RoundOpened of a closed table', async () => {
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    expect(
      (await call('POST', `/tables/${r.tableId}/close`, { actor: 'pit', reason: 'closing' })).status,
    ).toBe(200);
    const next = newRound('baccarat', r.tableId);
    await h.sendUnregistered(opened(next, baccaratTable()));
    expect(await refusalOf(next)).toMatchObject({ code: 'TABLE_CLOSED' });
    // The round opened before the close finishes as usual.
    await h.send(closed(r), baccaratResult(r, PLAYER_WINS));
    await h.waitFor(isSettled(r));
  });

  it('refuses a RoundOpened of a table registered for another game through a misleading message', async () => {
    const r = newRound('roulette');
    await openRound(h, r, rouletteTable());
    // From the baccarat service (its topic): not the table's service.
    const forged = makeEvent('RoundOpened', { ...newRound('baccarat', r.tableId), table: baccaratTable() });
    await h.sendUnregistered(forged);
    expect(await refusalOf(forged)).toMatchObject({ code: 'PRODUCER_NOT_TABLE_SERVICE' });
    expect((await refusalOf(forged)).message).toContain('casino.rounds.baccarat');
    // From the table's own service, claiming another game: not the catalogue's settings.
    const misleading = makeEvent('RoundOpened', {
      ...newRound('baccarat', r.tableId),
      table: baccaratTable(),
    });
    await h.sendOn(h.topics.roundsRoulette, misleading);
    expect(await refusalOf(misleading)).toMatchObject({ code: 'TABLE_CONFIG_MISMATCH' });
    expect(await roundRows(forged)).toBe(0);
    expect(await roundRows(misleading)).toBe(0);
  });
});
