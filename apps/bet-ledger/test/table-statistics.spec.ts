import { TableStatisticsKeeper } from '../src/database/table-statistics.keeper';
import { createHarness, Harness } from './support/ledger-harness';

jest.setTimeout(60_000);

let h: Harness;
beforeAll(async () => {
  h = await createHarness('stats');
});
afterAll(async () => h?.close());

const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };

/** The server's stats of a table reach pg_stat_user_tables once the writing session has flushed them. */
async function liveRows(table: string): Promise<number> {
  for (let i = 0; ; i++) {
    const [{ n }] = await h.ds.query<{ n: string }[]>(
      `SELECT coalesce(n_live_tup, 0) AS n FROM pg_stat_user_tables WHERE relname = $1`,
      [table],
    );
    if (Number(n) > 0 || i >= 40) return Number(n);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('TableStatisticsKeeper', () => {
  it('analyzes a table once it grew, and leaves it until it grows again', async () => {
    await h.ds.query(
      `INSERT INTO ledger_processed_events (event_id, processed_at)
       SELECT 'stats-' || g, now() FROM generate_series(1, 1500) g`,
    );
    expect(await liveRows('ledger_processed_events')).toBeGreaterThanOrEqual(1_500);
    const keeper = new TableStatisticsKeeper(h.ds, { everyMs: 60_000 }, quiet);

    expect(await keeper.analyzeNow()).toContain('ledger_processed_events');
    const [{ analyzed }] = await h.ds.query<{ analyzed: string | null }[]>(
      `SELECT last_analyze::text AS analyzed FROM pg_stat_user_tables WHERE relname = 'ledger_processed_events'`,
    );
    expect(analyzed).not.toBeNull();
    expect(await keeper.analyzeNow()).not.toContain('ledger_processed_events');

    // Rows that come and go leave the count, hence the plans, as they were.
    await h.ds.query(
      `DELETE FROM ledger_processed_events WHERE event_id IN (SELECT 'stats-' || g FROM generate_series(1, 20) g)`,
    );
    await h.ds.query(
      `INSERT INTO ledger_processed_events (event_id, processed_at)
       SELECT 'stats-again-' || g, now() FROM generate_series(1, 20) g`,
    );
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await keeper.analyzeNow()).not.toContain('ledger_processed_events');
  });

  it('runs its checks only when the server has autovacuum off', async () => {
    const [{ on }] = await h.ds.query<{ on: boolean }[]>(
      `SELECT current_setting('autovacuum')::boolean AS on`,
    );
    const keeper = new TableStatisticsKeeper(h.ds, { everyMs: 60_000 }, quiet);
    expect(await keeper.start()).toBe(!on);
    await keeper.stop();
  });
});
