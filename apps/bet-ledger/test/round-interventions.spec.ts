import { CasinoEvent, EventOf, makeEvent } from '@casino/events';
import { loadLedgerConfig } from '../src/config/ledger-config';
import {
  bac,
  baccaratResult,
  baccaratTable,
  closed,
  isRefunded,
  isSettled,
  newRound,
  OP,
  place,
  RoundRef,
  voided,
} from './support/builders';
import { codeOf, decide, openRound, sleep } from './support/flow';
import { backOffice, balanceOf, createHarness, deposit, Harness } from './support/ledger-harness';
import { eventually } from './support/raw-topics';

jest.setTimeout(90_000);

// Disputed and stuck rounds (docs/ledger.md#disputed-and-stuck-rounds): listed for the back office, which alone
// voids or resubmits them, audited; a game service's later RoundVoided or RoundResult changes nothing.

const STUCK_MINUTES = 0.02; // 1.2 s
const PLAYER_WINS = ['9H', '2C', 'KD', '3S']; // Player 9, Banker 5
// Both hands stand on a natural 9 vs 5: a fifth card cannot have been dealt.
const IMPOSSIBLE = ['9H', '2C', 'KD', '3S', '5H'];

let h: Harness;
beforeAll(async () => {
  h = await createHarness('interventions');
  await h.startLedger({ LEDGER_STUCK_ROUND_MINUTES: String(STUCK_MINUTES) });
});
afterAll(async () => h?.close());

async function call<T = Record<string, unknown>>(method: string, path: string, body?: unknown) {
  const res = await fetch(h.url(path), {
    method,
    headers: { 'content-type': 'application/json', ...backOffice(h) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

const who = { actor: 'jane.doe', reason: 'engine refused the cards, ticket OPS-1' };
const voidRound = (r: RoundRef, body: unknown = who) =>
  call('POST', `/rounds/${r.tableId}/${r.roundId}/void`, body);
const resubmit = (r: RoundRef, cards: string[]) =>
  call('POST', `/rounds/${r.tableId}/${r.roundId}/resubmit`, {
    ...who,
    result: { game: 'baccarat', cards },
  });

async function statusOf(r: RoundRef): Promise<{ status: string; problem: string | null }> {
  const [row] = await h.ds.query(
    `SELECT status, problem FROM ledger_rounds WHERE table_id = $1 AND round_id = $2`,
    [r.tableId, r.roundId],
  );
  return row as { status: string; problem: string | null };
}

const settlementRows = async (r: RoundRef) =>
  (
    await h.ds.query(`SELECT kind FROM ledger_round_settlements WHERE table_id = $1 AND round_id = $2`, [
      r.tableId,
      r.roundId,
    ])
  ).map((x: { kind: string }) => x.kind);

const ofRound = (r: RoundRef) => (e: CasinoEvent) => 'roundId' in e && e.roundId === r.roundId;

/** A baccarat round with a Player bet of p1 and a Banker bet of p2, made disputed by an impossible result. */
async function disputedRound(p1: string, p2: string): Promise<RoundRef> {
  await deposit(h, OP, p1, 10_000n);
  await deposit(h, OP, p2, 10_000n);
  const r = newRound('baccarat');
  await openRound(h, r, baccaratTable());
  const bets = [place(r, p1, 500n, bac('player')), place(r, p2, 300n, bac('banker'))];
  const decisions = await decide(h, ...bets);
  expect(bets.map((b) => codeOf(decisions.get(b.id)))).toEqual(['ACCEPTED', 'ACCEPTED']);
  await h.send(closed(r), baccaratResult(r, IMPOSSIBLE));
  await eventually(`${r.roundId} disputed`, async () =>
    (await statusOf(r)).status === 'disputed' ? true : undefined,
  );
  return r;
}

/** Sends events for r's table, then a RoundOpened on the same table (same partition) and waits for it. */
async function sendAndDrain(r: RoundRef, ...events: CasinoEvent[]) {
  await h.send(...events);
  await openRound(h, newRound('baccarat', r.tableId), baccaratTable());
}

const noFailedChecks = async () => expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);

describe('disputed and stuck rounds', () => {
  it('lists a disputed round and voids it from the back office: refunded once, audited', async () => {
    const r = await disputedRound('iv-a1', 'iv-a2');
    const list = await call<{ items: Record<string, unknown>[] }>(
      'GET',
      `/rounds/attention?table=${r.tableId}&status=disputed`,
    );
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([
      expect.objectContaining({
        roundId: r.roundId,
        status: 'disputed',
        attention: 'disputed',
        problem: expect.stringMatching(/INVALID_RESULT/),
        betCount: 2,
        totalStaked: '800',
      }),
    ]);

    const res = await voidRound(r);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ action: 'void', statusBefore: 'disputed', statusAfter: 'voided' });
    const [refunded] = await h.waitFor(isRefunded(r));
    expect(refunded.totalRefunded).toBe(800n);
    expect(refunded.causationId).toBe(res.body.id);
    const credits = await h.waitFor(
      (e): e is EventOf<'BalanceChanged'> =>
        e.type === 'BalanceChanged' && ofRound(r)(e) && e.reason === 'refund',
      2,
    );
    expect(credits.map((c) => c.delta).sort()).toEqual([300n, 500n]);
    expect(await balanceOf(h, OP, 'iv-a1')).toBe(10_000n);
    expect(await balanceOf(h, OP, 'iv-a2')).toBe(10_000n);
    expect(await statusOf(r)).toMatchObject({ status: 'voided' });

    const again = await voidRound(r);
    expect(again).toMatchObject({ status: 409, body: { code: 'ROUND_FINAL' } });
    expect((await resubmit(r, PLAYER_WINS)).body).toMatchObject({ code: 'ROUND_FINAL' });
    const audit = await call<Record<string, unknown>[]>(
      'GET',
      `/rounds/${r.tableId}/${r.roundId}/interventions`,
    );
    expect(audit.body).toEqual([
      expect.objectContaining({
        id: res.body.id,
        action: 'void',
        actor: 'jane.doe',
        reason: who.reason,
        statusBefore: 'disputed',
        statusAfter: 'voided',
        problemBefore: expect.stringMatching(/INVALID_RESULT/),
      }),
    ]);
    await sleep(300);
    expect(h.received.filter((e) => isRefunded(r)(e))).toHaveLength(1);
    expect(await settlementRows(r)).toEqual(['refunded']);
    const after = await call<{ items: unknown[] }>(
      'GET',
      `/rounds/attention?table=${r.tableId}&status=disputed`,
    );
    expect(after.body.items).toEqual([]);
    await noFailedChecks();
  });

  it('settles a disputed round from a corrected result once, and refuses one the engine refuses', async () => {
    const r = await disputedRound('iv-b1', 'iv-b2');
    // Player 1 must draw a third card: four cards are a misdeal too.
    const refused = await resubmit(r, ['9H', '2C', '2D', '3S']);
    expect(refused).toMatchObject({ status: 422, body: { code: 'ROUND_RESULT_REFUSED' } });
    expect(await statusOf(r)).toMatchObject({
      status: 'disputed',
      problem: expect.stringMatching(/5H|INVALID/),
    });
    const badShape = await call('POST', `/rounds/${r.tableId}/${r.roundId}/resubmit`, {
      ...who,
      result: { game: 'baccarat', cards: 'nine' },
    });
    expect(badShape).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } });

    const res = await resubmit(r, PLAYER_WINS);
    expect(res).toMatchObject({ status: 200, body: { action: 'resubmit', statusAfter: 'settled' } });
    const [settled] = await h.waitFor(isSettled(r));
    expect(settled.totalStaked).toBe(800n);
    expect(settled.totalReturned).toBe(1_000n);
    expect(await balanceOf(h, OP, 'iv-b1')).toBe(10_000n + 500n);
    expect(await balanceOf(h, OP, 'iv-b2')).toBe(10_000n - 300n);
    expect((await resubmit(r, PLAYER_WINS)).body).toMatchObject({ code: 'ROUND_FINAL' });

    // A settled round never changes: neither from Kafka nor from the back office.
    await sendAndDrain(r, voided(r), baccaratResult(r, ['2H', '9C', '3D', 'KS']));
    expect((await voidRound(r)).body).toMatchObject({ code: 'ROUND_FINAL' });
    expect(await statusOf(r)).toMatchObject({ status: 'settled' });
    expect(h.received.filter((e) => isSettled(r)(e) || isRefunded(r)(e))).toHaveLength(1);
    expect(await balanceOf(h, OP, 'iv-b1')).toBe(10_500n);
    expect(await settlementRows(r)).toEqual(['settled']);
    await noFailedChecks();
  });

  it('ignores a RoundVoided or RoundResult from Kafka for a disputed round', async () => {
    const r = await disputedRound('iv-c1', 'iv-c2');
    const v = voided(r);
    const result = baccaratResult(r, PLAYER_WINS);
    await sendAndDrain(r, v, result);
    const processed = await h.ds.query(`SELECT 1 FROM ledger_processed_events WHERE event_id = ANY($1)`, [
      [v.id, result.id],
    ]);
    expect(processed).toHaveLength(2);
    expect(await statusOf(r)).toMatchObject({ status: 'disputed' });
    expect(h.received.filter((e) => isSettled(r)(e) || isRefunded(r)(e))).toEqual([]);
    expect(await balanceOf(h, OP, 'iv-c1')).toBe(9_500n);
    expect(await settlementRows(r)).toEqual([]);
    // The back office still can: a void racing a resubmit applies once.
    const [a, b] = await Promise.all([voidRound(r), resubmit(r, PLAYER_WINS)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a.body, b.body].find((x) => 'code' in x)).toMatchObject({ code: 'ROUND_FINAL' });
    expect((await settlementRows(r)).length).toBe(1);
    await noFailedChecks();
  });

  it('lists a round stuck open after the configured age; the back office voids it', async () => {
    await deposit(h, OP, 'iv-d1', 10_000n);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    await decide(h, place(r, 'iv-d1', 700n, bac('tie')));
    await sleep(STUCK_MINUTES * 60_000 + 200);
    const list = await call<{ items: Record<string, unknown>[] }>(
      'GET',
      `/rounds/attention?table=${r.tableId}`,
    );
    expect(list.body.items).toEqual([
      expect.objectContaining({
        roundId: r.roundId,
        status: 'open',
        attention: 'stuck',
        betCount: 1,
        totalStaked: '700',
      }),
    ]);
    expect((await resubmit(r, PLAYER_WINS)).body).toMatchObject({ code: 'ROUND_NOT_DISPUTED' });
    const res = await voidRound(r);
    expect(res).toMatchObject({ status: 200, body: { statusBefore: 'open', statusAfter: 'voided' } });
    await h.waitFor(isRefunded(r));
    expect(await balanceOf(h, OP, 'iv-d1')).toBe(10_000n);
    await noFailedChecks();
  });

  it('refuses to void a round that is not stuck yet, an unknown round and a request without a reason', async () => {
    const r = newRound('baccarat');
    // Opened in the future as the game service tells it: never older than the stuck age during this test.
    const future = new Date(Date.now() + 3_600_000).toISOString();
    await h.send(makeEvent('RoundOpened', { ...r, table: baccaratTable(), occurredAt: future }));
    await eventually(`${r.roundId} opened`, async () => ((await statusOf(r)) ? true : undefined));
    expect(await voidRound(r)).toMatchObject({ status: 409, body: { code: 'ROUND_NOT_STUCK' } });
    expect(await statusOf(r)).toMatchObject({ status: 'open' });
    const unknown = { ...r, roundId: 'r-never' };
    expect(await voidRound(unknown)).toMatchObject({ status: 404, body: { code: 'ROUND_NOT_FOUND' } });
    expect(await voidRound(r, { actor: 'x' })).toMatchObject({
      status: 400,
      body: { code: 'INVALID_REQUEST' },
    });
    const noToken = await fetch(h.url(`/rounds/attention`));
    expect(noToken.status).toBe(401);
    expect(() => loadLedgerConfig({ LEDGER_STUCK_ROUND_MINUTES: '0' })).toThrow(/LEDGER_STUCK_ROUND_MINUTES/);
  });
});
