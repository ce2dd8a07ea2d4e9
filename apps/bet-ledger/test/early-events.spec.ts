import { CasinoEvent } from '@casino/events';
import { LedgerProcess } from '@casino/test-support';
import {
  bac,
  baccaratResult,
  baccaratTable,
  closed,
  isFinalized,
  isSettled,
  newRound,
  OP,
  opened,
  place,
  RoundRef,
} from './support/builders';
import { codeOf, decide, openRound } from './support/flow';
import { backOfficeCall, healthOf, quarantineRows, startLedgerChild } from './support/ledger-child';
import { createHarness, Harness } from './support/ledger-harness';
import { eventually } from './support/raw-topics';

jest.setTimeout(120_000);

const PLAYER_WINS = ['9S', '3C', 'KH', '4D'];

let h: Harness;
let ledger: LedgerProcess;

beforeAll(async () => {
  h = await createHarness('early-events');
  ledger = await startLedgerChild(h);
  await ledger.deposit(OP, 'e1', 'EUR', 10_000n);
});
afterAll(async () => {
  await ledger?.kill();
  await h?.close();
});

const statusOf = async (r: RoundRef): Promise<string | undefined> =>
  (
    await h.ds.query(`SELECT status FROM ledger_rounds WHERE table_id = $1 AND round_id = $2`, [
      r.tableId,
      r.roundId,
    ])
  )[0]?.status;

const pendingOf = async (r: RoundRef): Promise<string[]> =>
  (
    await h.ds.query(
      `SELECT event_type FROM ledger_pending_round_events WHERE table_id = $1 AND round_id = $2 ORDER BY seq`,
      [r.tableId, r.roundId],
    )
  ).map((row: { event_type: string }) => row.event_type);

const indexOf = (pred: (e: CasinoEvent) => boolean) => h.received.findIndex(pred);

describe('events that arrive before their round is known', () => {
  it('are kept, then applied in order when the RoundOpened comes', async () => {
    const r = newRound('baccarat', 'bac-early');
    const close = closed(r);
    await h.send(close, baccaratResult(r, PLAYER_WINS));
    await eventually('both kept', async () => ((await pendingOf(r)).length === 2 ? true : undefined));
    expect(await pendingOf(r)).toEqual(['BettingClosed', 'RoundResult']);
    expect(await statusOf(r)).toBeUndefined();
    // A redelivered copy (same event id) is not kept twice.
    await h.send(close);
    await eventually('the copy seen', async () =>
      (await healthOf(ledger)).consumer.duplicates > 0 ? true : undefined,
    );
    expect(await pendingOf(r)).toEqual(['BettingClosed', 'RoundResult']);
    expect((await healthOf(ledger)).pendingRoundEvents).toBe(2);

    await h.send(opened(r, baccaratTable()));
    await h.waitFor(isSettled(r), 1, 30_000);
    expect(await statusOf(r)).toBe('settled');
    expect(await pendingOf(r)).toEqual([]);
    expect(indexOf(isFinalized(r))).toBeLessThan(indexOf(isSettled(r)));
    const late = await decide(h, place(r, 'e1', 100n, bac('player')));
    expect(codeOf([...late.values()][0])).toBe('LATE_BET');
    expect((await healthOf(ledger)).pendingRoundEvents).toBe(0);
    expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
  });

  it('wait behind a parked RoundOpened, and go once the back office retries it', async () => {
    // Fault injection: the database refuses this round until the trigger is dropped.
    await h.ds.query(`
      CREATE FUNCTION test_refuse_round() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.round_id LIKE 'r-refused%' THEN RAISE EXCEPTION 'round refused by the fault test'; END IF;
        RETURN NEW;
      END $$`);
    await h.ds.query(
      `CREATE TRIGGER test_refuse_round BEFORE INSERT ON ledger_rounds FOR EACH ROW EXECUTE FUNCTION test_refuse_round()`,
    );
    const r: RoundRef = { ...newRound('baccarat', 'bac-refused'), roundId: 'r-refused-1' };
    const open = opened(r, baccaratTable());
    await h.send(open);
    const [row] = await eventually('the parked RoundOpened', async () => {
      const rows = (await quarantineRows(h)).filter((q) => q.event_id === open.id);
      return rows.length > 0 ? rows : undefined;
    });
    expect(row).toMatchObject({ event_type: 'RoundOpened', holds: 'round', error_code: 'SQLSTATE_P0001' });
    const refused = await decide(h, place(r, 'e1', 100n, bac('player')));
    expect(codeOf([...refused.values()][0])).toBe('ROUND_QUARANTINED');

    await h.send(closed(r), baccaratResult(r, PLAYER_WINS));
    await eventually('both kept', async () => ((await pendingOf(r)).length === 2 ? true : undefined));

    await h.ds.query(`DROP TRIGGER test_refuse_round ON ledger_rounds`);
    const retried = await backOfficeCall(ledger, `/quarantine/${row.id}/retry`, {
      actor: 'ops-cleo',
      reason: 'trigger removed',
    });
    expect(retried).toMatchObject({ status: 200, body: { outcome: 'opened' } });
    await h.waitFor(isSettled(r), 1, 30_000);
    expect(indexOf(isFinalized(r))).toBeLessThan(indexOf(isSettled(r)));
    expect(await statusOf(r)).toBe('settled');
    expect(await pendingOf(r)).toEqual([]);
    expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
  });

  it('a round opened normally takes bets, and its own later events are not kept', async () => {
    const r = newRound('baccarat', 'bac-normal');
    await openRound(h, r, baccaratTable());
    const d = await decide(h, place(r, 'e1', 1_000n, bac('player')));
    expect(codeOf([...d.values()][0])).toBe('ACCEPTED');
    await h.send(closed(r), baccaratResult(r, PLAYER_WINS));
    await h.waitFor(isSettled(r), 1, 30_000);
    expect((await healthOf(ledger)).pendingRoundEvents).toBe(0);
    expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
  });
});
