import { createTestDatabase, TestDatabase } from '@casino/test-support';
import { ensureAccounts, playerAccount, sqlOf } from '@casino/wallet';
import { DataSource } from 'typeorm';
import { openLedgerDataSource } from '../src/database/data-source';
import { GamblingUsage1764200000000 } from '../src/database/migrations/1764200000000-gambling-usage';
import { GamblingUsageChanges } from '../src/responsible-gambling/gambling-usage';

/** The responsible-gambling usage rows on PostgreSQL: periods rolling over, late writers, the migration. */
let db: TestDatabase;
let ds: DataSource;
let wallet: string;
beforeAll(async () => {
  db = await createTestDatabase('usage');
  ds = await openLedgerDataSource(db.url, 2, true);
  const accounts = await ds.transaction((m) =>
    ensureAccounts(sqlOf(m), [playerAccount('op-u', 'p1', 'EUR')]),
  );
  const [row] = [...accounts.values()];
  wallet = row.id;
});
afterAll(async () => {
  await ds?.destroy();
  await db?.drop();
});

/** One transaction's change at `at`: wager, net loss, open stakes. */
async function change(at: string, wagered: bigint, netLoss: bigint, open: bigint) {
  const changes = new GamblingUsageChanges(at);
  changes.add(wallet, wagered, netLoss, open);
  const st = changes.statement();
  if (st) await ds.query(st.text, st.params);
}

async function usage() {
  const [row]: Record<string, string>[] = await ds.query(
    `SELECT open_stake::text AS open, day_start, day_wagered::text AS dw, day_net_loss::text AS dl, week_start,
            week_wagered::text AS ww, week_net_loss::text AS wl
     FROM ledger_gambling_usage WHERE account_id = $1`,
    [wallet],
  );
  return {
    ...row,
    day_start: new Date(row.day_start).toISOString(),
    week_start: new Date(row.week_start).toISOString(),
  };
}

describe('ledger_gambling_usage', () => {
  it('adds within a period, starts a new day and week from the change, ignores a change of a period over', async () => {
    // Wednesday: 100 staked, then settled with 60 back.
    await change('2026-11-25T10:00:00Z', 100n, 0n, 100n);
    await change('2026-11-25T10:01:00Z', 0n, 40n, -100n);
    expect(await usage()).toEqual({
      open: '0',
      day_start: '2026-11-25T00:00:00.000Z',
      dw: '100',
      dl: '40',
      week_start: '2026-11-23T00:00:00.000Z',
      ww: '100',
      wl: '40',
    });
    // Thursday: a new day, the same week.
    await change('2026-11-26T09:00:00Z', 50n, 0n, 50n);
    // A transaction timed on Wednesday that commits after: its stake is open and in the week, not in Thursday.
    await change('2026-11-25T23:59:59Z', 10n, 0n, 10n);
    expect(await usage()).toMatchObject({
      open: '60',
      day_start: '2026-11-26T00:00:00.000Z',
      dw: '50',
      dl: '0',
    });
    expect(await usage()).toMatchObject({ week_start: '2026-11-23T00:00:00.000Z', ww: '160', wl: '40' });
    // Next Monday: both periods start over.
    await change('2026-11-30T08:00:00Z', 0n, -20n, -60n);
    expect(await usage()).toMatchObject({ open: '0', dw: '0', dl: '-20', ww: '0', wl: '-20' });
    // The views keep the per-period shape the limits API and ledger:verify read.
    expect(
      await ds.query(
        `SELECT operator_id, player_id, currency, period, wagered::text, net_loss::text FROM ledger_gambling_totals
         WHERE player_id = 'p1' ORDER BY period`,
      ),
    ).toEqual([
      { operator_id: 'op-u', player_id: 'p1', currency: 'EUR', period: 'day', wagered: '0', net_loss: '-20' },
      {
        operator_id: 'op-u',
        player_id: 'p1',
        currency: 'EUR',
        period: 'week',
        wagered: '0',
        net_loss: '-20',
      },
    ]);
    expect(
      await ds.query(`SELECT open_stake::text FROM ledger_gambling_open WHERE player_id = 'p1'`),
    ).toEqual([{ open_stake: '0' }]);
  });

  it('the migration keeps each player’s latest periods and open stakes, down and up again', async () => {
    const migration = new GamblingUsage1764200000000();
    const runner = ds.createQueryRunner();
    try {
      await migration.down(runner);
      // The tables of 1763860000000, with an older day besides the latest ones.
      await runner.query(
        `INSERT INTO ledger_gambling_totals (operator_id, player_id, currency, period, period_start, wagered, net_loss)
         VALUES ('op-u', 'p1', 'EUR', 'day', '2026-11-29T00:00:00Z', 999, 999)`,
      );
      await runner.query(`UPDATE ledger_gambling_open SET open_stake = 70 WHERE player_id = 'p1'`);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    expect(await usage()).toEqual({
      open: '70',
      day_start: '2026-11-30T00:00:00.000Z',
      dw: '0',
      dl: '-20',
      week_start: '2026-11-30T00:00:00.000Z',
      ww: '0',
      wl: '-20',
    });
  });
});
