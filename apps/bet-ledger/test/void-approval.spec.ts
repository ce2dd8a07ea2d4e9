import { CasinoEvent, makeEvent } from '@casino/events';
import { LedgerProcess } from '@casino/test-support';
import {
  bac,
  baccaratResult,
  baccaratTable,
  closed,
  newRound,
  opened,
  place,
  RoundRef,
} from './support/builders';
import { SaslLedger } from './support/sasl-ledger';

// Issue 45, point 2 (docs/ledger.md#voids-after-betting-closed): the attacker is the real `baccarat` principal on
// a SASL broker (it may write every baccarat round event), against the built ledger. A RoundVoided of a round
// whose betting closed with stakes is applied only with a pit boss's approval of that round, given in the
// ledger's back office; without it nothing is refunded, the void is held and alerted, and the round's result
// settles it.

jest.setTimeout(60_000);

const sasl = new SaslLedger('void_approval');
const { query, row } = sasl;
let ledger: LedgerProcess | undefined;

beforeAll(async () => {
  ({ ledger } = await sasl.start());
}, 180_000);
afterAll(() => sasl.stop(), 90_000);

/** Publishes as the baccarat service's own principal (an idempotent producer, as the service's relay). */
const asBaccarat = (...events: CasinoEvent[]): Promise<void> =>
  sasl.publish(sasl.broker.client('baccarat', { retry: { retries: 3 } }), ...events);

const BANKER_WINS = ['3C', '9S', '4D', 'KH']; // dealt P, B, P, B: player 7, banker a natural 9
const voidOf = (r: RoundRef, approvalId?: string) =>
  makeEvent('RoundVoided', {
    tableId: r.tableId,
    roundId: r.roundId,
    game: 'baccarat',
    reason: 'misdeal',
    message: 'after card 3',
    ...(approvalId ? { approvalId } : {}),
  });

/** A baccarat round of its own table with `player`'s 1,000 bet on Player accepted and betting closed. */
async function closedRoundWithStake(player: string): Promise<RoundRef> {
  if (!ledger) throw new Error('no ledger');
  const r = newRound('baccarat');
  await ledger.putTable({ ...r, producer: 'baccarat-service', settings: baccaratTable() });
  await ledger.deposit('op-test', player, 'EUR', 10_000n);
  const playerToken = await ledger.openSession('op-test', player);
  await asBaccarat(opened(r, baccaratTable()));
  await row('SELECT 1 FROM ledger_rounds WHERE round_id = $1', [r.roundId]);
  const bet = { ...place(r, player, 1_000n, bac('player')), playerToken };
  await asBaccarat(bet);
  await row(`SELECT 1 FROM ledger_bets WHERE command_id = $1`, [bet.id]);
  await asBaccarat(closed(r));
  await row(`SELECT 1 FROM ledger_rounds WHERE round_id = $1 AND status = 'closed'`, [r.roundId]);
  return r;
}

const heldVoid = (eventId: string) =>
  row('SELECT code FROM ledger_held_voids WHERE event_id = $1', [eventId]);
const statusOf = async (r: RoundRef) =>
  (await query('SELECT status FROM ledger_rounds WHERE round_id = $1', [r.roundId]))[0]?.status;
const balance = (player: string) => ledger!.balance('op-test', player, 'EUR');

describe('a void after betting closed needs a pit boss (issue 45, point 2)', () => {
  it('without an approval: nothing refunded, the void held and alerted, the round settled by its result', async () => {
    const r = await closedRoundWithStake('vic');
    const v = voidOf(r);
    await asBaccarat(v);
    expect(await heldVoid(v.id)).toEqual({ code: 'VOID_NEEDS_APPROVAL' });
    expect(await statusOf(r)).toBe('closed');
    expect(await balance('vic')).toBe(9_000n);
    // A void naming a made-up approval is held too.
    const forged = voidOf(r, '7f1c3a52-2d1e-4c55-9a8e-0f7e2b1d6c11');
    await asBaccarat(forged);
    expect(await heldVoid(forged.id)).toEqual({ code: 'VOID_NEEDS_APPROVAL' });

    const alerts = await fetch(`${ledger!.url}/back-office/alerts`, {
      headers: { authorization: `Bearer ${ledger!.backOfficeToken()}` },
    });
    const { items } = (await alerts.json()) as {
      items: { kind: string; eventId?: string; state?: string }[];
    };
    expect(items.filter((a) => a.kind === 'void_held' && a.eventId === v.id)).toEqual([
      expect.objectContaining({
        kind: 'void_held',
        eventId: v.id,
        state: 'pending',
        code: 'VOID_NEEDS_APPROVAL',
      }),
    ]);

    // The table showed "Banker wins": the result settles the round, the player's bet lost.
    await asBaccarat(baccaratResult(r, BANKER_WINS));
    await row(`SELECT 1 FROM ledger_rounds WHERE round_id = $1 AND status = 'settled'`, [r.roundId]);
    expect(await balance('vic')).toBe(9_000n);
    // An approval comes too late for a settled round.
    expect(await ledger!.approveVoid(r.tableId, r.roundId)).toMatchObject({
      status: 409,
      body: { code: 'ROUND_FINAL' },
    });
    const list = await backOffice(`/rounds/voids?table=${r.tableId}`);
    expect(list.held).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ eventId: v.id, state: 'settled', roundStatus: 'settled' }),
      ]),
    );
    await verified();
  });

  it('an approval after the held void applies it: refunded once, listed with its approval', async () => {
    const r = await closedRoundWithStake('wes');
    const v = voidOf(r);
    await asBaccarat(v);
    await heldVoid(v.id);
    expect(await balance('wes')).toBe(9_000n);
    // Only a pit boss, logged in as themself: not the platform's system token.
    const asSystem = await fetch(`${ledger!.url}/rounds/${r.tableId}/${r.roundId}/void-approval`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ledger!.backOfficeToken()}` },
      body: JSON.stringify({ reason: 'no' }),
    });
    expect(asSystem.status).toBe(403);

    const approved = await ledger!.approveVoid(r.tableId, r.roundId, 'card 4 dropped face up; OPS-77');
    expect(approved).toMatchObject({
      status: 200,
      body: { created: true, appliedEventId: v.id, approval: { reason: 'card 4 dropped face up; OPS-77' } },
    });
    expect(await statusOf(r)).toBe('voided');
    expect(await balance('wes')).toBe(10_000n);
    // The same void again, a second approval, and the result afterwards change nothing.
    await asBaccarat(v, baccaratResult(r, BANKER_WINS));
    expect(await ledger!.approveVoid(r.tableId, r.roundId)).toMatchObject({ status: 409 });
    expect(await balance('wes')).toBe(10_000n);
    const list = await backOffice(`/rounds/voids?table=${r.tableId}`);
    expect(list.approvals).toEqual([
      expect.objectContaining({ roundId: r.roundId, appliedEventId: v.id, role: 'pit_boss' }),
    ]);
    expect(list.held).toEqual([expect.objectContaining({ eventId: v.id, state: 'applied' })]);
    await verified();
  });

  it('an approval before the void: the dealer console names it and the void applies at once', async () => {
    const r = await closedRoundWithStake('xan');
    const approved = await ledger!.approveVoid(r.tableId, r.roundId, 'shoe jammed after card 3');
    const approvalId = (approved.body.approval as { approvalId: string }).approvalId;
    // A void naming another approval is held; the one naming this round's is applied.
    const wrong = voidOf(r, '7f1c3a52-2d1e-4c55-9a8e-0f7e2b1d6c11');
    await asBaccarat(wrong);
    expect(await heldVoid(wrong.id)).toEqual({ code: 'VOID_APPROVAL_MISMATCH' });
    expect(await balance('xan')).toBe(9_000n);
    const right = voidOf(r, approvalId);
    await asBaccarat(right);
    await row(`SELECT 1 FROM ledger_rounds WHERE round_id = $1 AND status = 'voided'`, [r.roundId]);
    expect(await balance('xan')).toBe(10_000n);
    await verified();
  });

  it('the platform’s own voids before betting closed, or of a round without stakes, need no approval', async () => {
    if (!ledger) throw new Error('no ledger');
    const r = newRound('baccarat');
    await ledger.putTable({ ...r, producer: 'baccarat-service', settings: baccaratTable() });
    await ledger.deposit('op-test', 'yul', 'EUR', 10_000n);
    const playerToken = await ledger.openSession('op-test', 'yul');
    await asBaccarat(opened(r, baccaratTable()), { ...place(r, 'yul', 1_000n, bac('banker')), playerToken });
    await row(`SELECT 1 FROM ledger_bets b WHERE b.round_id = $1`, [r.roundId]);
    // An exposed card while betting is open (no-bet round), a restart before the deal, a ledger timeout: open.
    await asBaccarat(voidOf(r));
    await row(`SELECT 1 FROM ledger_rounds WHERE round_id = $1 AND status = 'voided'`, [r.roundId]);
    expect(await balance('yul')).toBe(10_000n);
    const idle = newRound('baccarat', r.tableId);
    await asBaccarat(opened(idle, baccaratTable()), closed(idle), voidOf(idle));
    await row(`SELECT 1 FROM ledger_rounds WHERE round_id = $1 AND status = 'voided'`, [idle.roundId]);
    await verified();
  });

  it('a void the broker had before the ledger applied the close (the ledger silent past the wait): refunded', async () => {
    if (!ledger) throw new Error('no ledger');
    const r = newRound('baccarat');
    await ledger.putTable({ ...r, producer: 'baccarat-service', settings: baccaratTable() });
    await ledger.deposit('op-test', 'zed', 'EUR', 10_000n);
    const playerToken = await ledger.openSession('op-test', 'zed');
    await asBaccarat(opened(r, baccaratTable()), { ...place(r, 'zed', 1_000n, bac('player')), playerToken });
    await row(`SELECT 1 FROM ledger_bets WHERE round_id = $1`, [r.roundId]);
    // The service gave up waiting for the final bets and voided before the ledger took its BettingClosed: the
    // ledger reads both in one fetch, so the void cannot follow a BetsFinalized of the round.
    const v = { ...voidOf(r), reason: 'malfunction' as const, message: 'the ledger did not decide the bets' };
    await sasl.publishTogether(sasl.broker.client('baccarat', { retry: { retries: 3 } }), closed(r), v);
    await row(`SELECT 1 FROM ledger_rounds WHERE round_id = $1 AND status = 'voided'`, [r.roundId]);
    expect(await balance('zed')).toBe(10_000n);
    expect(await query('SELECT 1 FROM ledger_held_voids WHERE event_id = $1', [v.id])).toEqual([]);
    await verified();
  });
});

async function backOffice(path: string): Promise<{ approvals: unknown[]; held: unknown[] }> {
  const res = await fetch(`${ledger!.url}${path}`, {
    headers: { authorization: `Bearer ${await ledger!.pitBossToken()}` },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { approvals: unknown[]; held: unknown[] };
}

async function verified(): Promise<void> {
  const verify = sasl.verify();
  expect([verify.status, verify.output]).toEqual([0, expect.any(String)]);
}
