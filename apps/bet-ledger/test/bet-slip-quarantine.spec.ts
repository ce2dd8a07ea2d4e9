import { CasinoEvent, EventOf, foldPlaceBets } from '@casino/events';
import { LedgerProcess } from '@casino/test-support';
import { bac, baccaratTable, isDecisionFor, newRound, OP, place } from './support/builders';
import { openRound } from './support/flow';
import { backOfficeCall, quarantineRows, startLedgerChild } from './support/ledger-child';
import { balanceOf, createHarness, Harness } from './support/ledger-harness';
import { eventually } from './support/raw-topics';

jest.setTimeout(180_000);

let h: Harness;
let ledger: LedgerProcess;

beforeAll(async () => {
  h = await createHarness('slipq');
  ledger = await startLedgerChild(h);
});
afterAll(async () => {
  await ledger?.kill();
  await h?.close();
});

const answersTo =
  (slipId: string) =>
  (e: CasinoEvent): e is EventOf<'BetsDecided'> =>
    e.type === 'BetsDecided' && e.commandId === slipId;

describe('a bet slip whose first bet cannot be booked', () => {
  it('parks that bet alone (holding its player), answers the others, and a retry decides the parked bet', async () => {
    const R = newRound('baccarat', 'bac-slip-q');
    await ledger.deposit(OP, 'slipq', 'EUR', 10_000n);
    await openRound(h, R, baccaratTable());
    // Fault injection: the database refuses a stake of 123 as a 64-bit overflow of a running total would.
    await h.ds.query(`
      CREATE FUNCTION test_overflow_slip() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.stake = 123 THEN
          RAISE EXCEPTION USING ERRCODE = 'numeric_value_out_of_range', MESSAGE = 'bigint out of range (injected)';
        END IF;
        RETURN NEW;
      END $$`);
    await h.ds.query(
      `CREATE TRIGGER test_overflow_slip BEFORE INSERT ON ledger_bets FOR EACH ROW EXECUTE FUNCTION test_overflow_slip()`,
    );
    const bets = [
      place(R, 'slipq', 123n, bac('player')),
      place(R, 'slipq', 200n, bac('banker')),
      place(R, 'slipq', 300n, bac('tie')),
    ];
    const [slip] = foldPlaceBets(bets);
    await h.send(slip);

    const [row] = await eventually('the parked bet', async () => {
      const rows = (await quarantineRows(h)).filter((r) => r.event_id === bets[0].id);
      return rows.length > 0 ? rows : undefined;
    });
    expect(row).toMatchObject({ event_type: 'PlaceBet', holds: 'player', status: 'parked' });
    // The slip's other bets are answered (held behind the parked one: PLAYER_QUARANTINED), none twice.
    const answered = async () => {
      const answers = await h.waitFor(answersTo(slip.id), 1, 30_000);
      return answers.flatMap((a) => a.decisions);
    };
    await eventually('the other bets’ answers', async () =>
      (await answered()).length >= 2 ? true : undefined,
    );
    const decisions = await answered();
    expect(decisions.map((d) => [d.commandId, d.outcome === 'rejected' ? d.code : 'ACCEPTED'])).toEqual([
      [bets[1].id, 'PLAYER_QUARANTINED'],
      [bets[2].id, 'PLAYER_QUARANTINED'],
    ]);

    await h.ds.query(`DROP TRIGGER test_overflow_slip ON ledger_bets`);
    const retried = await backOfficeCall(ledger, `/quarantine/${row.id}/retry`, {
      actor: 'ops-ben',
      reason: 'fault removed',
    });
    expect(retried).toMatchObject({ status: 200, body: { outcome: 'accepted' } });
    const [decision] = await h.waitFor(isDecisionFor(new Set([bets[0].id])));
    expect(decision.type).toBe('BetAccepted');
    expect(await balanceOf(h, OP, 'slipq')).toBe(10_000n - 123n);
    expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
  });
});
