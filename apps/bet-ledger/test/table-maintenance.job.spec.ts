import { TableMaintenanceJob } from '../src/database/table-maintenance.job';
import { createHarness, Harness } from './support/ledger-harness';

jest.setTimeout(60_000);

let h: Harness;
beforeAll(async () => {
  h = await createHarness('stats');
});
afterAll(async () => h?.close());

const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };
const options = { everyMs: 60_000, vacuumEveryMs: 60_000 };

/** A table's count in pg_stat_user_tables once it reached `atLeast` (the writing sessions flush it late), or 10 s on. */
async function statOf(table: string, column: 'n_live_tup' | 'n_dead_tup', atLeast: number): Promise<number> {
  for (let i = 0; ; i++) {
    const [{ n }] = await h.ds.query<{ n: string }[]>(
      `SELECT coalesce(${column}, 0) AS n FROM pg_stat_user_tables WHERE relname = $1`,
      [table],
    );
    if (Number(n) >= atLeast || i >= 40) return Number(n);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('TableMaintenanceJob', () => {
  it('analyzes a table once it grew, and leaves it until it grows again', async () => {
    await h.ds.query(
      `INSERT INTO ledger_processed_events (event_id, processed_at)
       SELECT 'stats-' || g, now() FROM generate_series(1, 1500) g`,
    );
    expect(await statOf('ledger_processed_events', 'n_live_tup', 1_500)).toBeGreaterThanOrEqual(1_500);
    const keeper = new TableMaintenanceJob(h.ds, options, quiet);

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

  it('vacuums a churn table once it holds enough dead rows, and only a churn table', async () => {
    await h.ds.query(
      `INSERT INTO ledger_processed_events (event_id, processed_at)
       SELECT 'churn-' || g, now() FROM generate_series(1, 2000) g`,
    );
    await h.ds.query(`DELETE FROM ledger_processed_events WHERE event_id LIKE 'churn-%'`);
    expect(await statOf('ledger_processed_events', 'n_dead_tup', 1_000)).toBeGreaterThanOrEqual(1_000);
    const notChurn = new TableMaintenanceJob(h.ds, options, quiet);
    expect(await notChurn.vacuumNow()).toEqual([]);

    const stand = new TableMaintenanceJob(
      h.ds,
      { ...options, churnTables: ['ledger_processed_events'] },
      quiet,
    );
    expect(await stand.vacuumNow()).toEqual(['ledger_processed_events']);
    const [{ vacuumed, dead }] = await h.ds.query<{ vacuumed: string | null; dead: string }[]>(
      `SELECT last_vacuum::text AS vacuumed, n_dead_tup AS dead FROM pg_stat_user_tables
       WHERE relname = 'ledger_processed_events'`,
    );
    expect(vacuumed).not.toBeNull();
    expect(Number(dead)).toBeLessThan(1_000);
    expect(await stand.vacuumNow()).toEqual([]);
  });

  it('runs its checks only when the server has autovacuum off', async () => {
    const [{ on }] = await h.ds.query<{ on: boolean }[]>(
      `SELECT current_setting('autovacuum')::boolean AS on`,
    );
    const keeper = new TableMaintenanceJob(h.ds, options, quiet);
    expect(await keeper.start()).toBe(!on);
    await keeper.stop();
  });
});
