import { LedgerProcess } from '@casino/test-support';
import { Client } from 'pg';
import {
  bac,
  baccaratResult,
  baccaratTable,
  closed,
  isDecisionFor,
  isSettled,
  newRound,
  OP,
  place,
} from './support/builders';
import { openRound, sleep } from './support/flow';
import { healthOf, quarantineRows, startLedgerChild } from './support/ledger-child';
import { createHarness, Harness } from './support/ledger-harness';
import { eventually } from './support/raw-topics';

jest.setTimeout(180_000);

const PLAYERS = 20;
const BETS_EACH = 10;
const KILL_ROUNDS = 15;

let h: Harness;
let ledger: LedgerProcess;

beforeAll(async () => {
  h = await createHarness('transient');
  ledger = await startLedgerChild(h);
});
afterAll(async () => {
  await ledger?.kill();
  await h?.close();
});

describe('transient database faults', () => {
  it('pg_terminate_backend of every ledger connection, again and again, is retried and parks nothing', async () => {
    const players = Array.from({ length: PLAYERS }, (_, i) => `tf${i}`);
    for (const p of players) await ledger.deposit(OP, p, 'EUR', 10_000n);
    const r = newRound('baccarat', 'bac-transient');
    await openRound(h, r, baccaratTable());

    // The injector has a name of its own, so it terminates the ledger's sessions only (the harness's are named apart). Each
    // transaction is slowed by 30 ms (a trigger on the processed ids), so the kills find transactions in flight.
    const injector = new Client({ connectionString: h.db.url, application_name: 'fault-injector' });
    await injector.connect();
    await injector.query(`
      CREATE FUNCTION test_slow_down() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_sleep(0.03); RETURN NULL; END $$`);
    await injector.query(`CREATE TRIGGER test_slow_down AFTER INSERT ON ledger_processed_events
      FOR EACH STATEMENT EXECUTE FUNCTION test_slow_down()`);
    let terminated = 0;
    let rounds = 0;
    // Every ~200 ms while the commands stream in: each time, all sessions of the ledger die at once, as soon as one
    // of them is inside a consumer's transaction (recording processed ids, slowed down above): on a fast machine a
    // kill at a random time mostly found the sessions idle, and a pool replaces an idle one without a retry.
    const kills = (async () => {
      for (; rounds < KILL_ROUNDS; rounds++) {
        await sleep(100 + (rounds % 3) * 70);
        for (let tries = 0; tries < 200; tries++) {
          const [busy] = (
            await injector.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_stat_activity
               WHERE datname = current_database() AND application_name = 'bet-ledger' AND state = 'active'
                 AND query LIKE '%ledger_processed_events%'`,
            )
          ).rows;
          if (busy.n > 0) break;
          await sleep(5);
        }
        const [row] = (
          await injector.query<{ n: number }>(
            `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
             WHERE datname = current_database() AND application_name = 'bet-ledger' AND pid <> pg_backend_pid()`,
          )
        ).rows;
        terminated += row.n;
      }
    })();
    const commands = players.flatMap((p) =>
      Array.from({ length: BETS_EACH }, () => place(r, p, 100n, bac('player'))),
    );
    for (let i = 0; i < commands.length; i += 10) {
      await h.send(...commands.slice(i, i + 10));
      await sleep(100);
    }
    await kills;
    await injector.query(`DROP TRIGGER test_slow_down ON ledger_processed_events`);
    await injector.end();
    // Every command decided, once (a copy the relay publishes again carries the same event id), all accepted.
    const ids = new Set(commands.map((c) => c.id));
    const decisions = new Map<string, Set<string>>();
    const decided = () => {
      for (const d of h.received.filter(isDecisionFor(ids)))
        decisions.set(d.commandId, (decisions.get(d.commandId) ?? new Set()).add(`${d.type}:${d.id}`));
      return decisions.size === ids.size ? true : undefined;
    };
    try {
      await eventually('every decision', decided, 60_000);
    } catch (err) {
      throw new Error(`${String(err)} (${decisions.size} of ${ids.size})\nledger log:\n${ledger.tail(60)}`);
    }
    expect(terminated).toBeGreaterThanOrEqual(KILL_ROUNDS);
    const kinds = [...decisions.values()].map((d) => [...d]);
    expect(kinds.every((d) => d.length === 1 && d[0].startsWith('BetAccepted:'))).toBe(true);

    await h.send(closed(r), baccaratResult(r, ['9S', '3C', 'KH', '4D']));
    await h.waitFor(isSettled(r), 1, 60_000);
    expect(await quarantineRows(h)).toEqual([]);
    const health = await healthOf(ledger);
    expect(health.quarantine.open).toBe(0);
    expect(health.quarantine.transientRetries).toBeGreaterThan(0);
    console.log(
      `transient faults: ${terminated} sessions terminated, ${health.quarantine.transientRetries} transient ` +
        `retries, ${commands.length} commands decided once each, nothing parked`,
    );
    expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
  });
});
