import { createTestDatabase, TestDatabase } from '@casino/test-support';
import { DataSource } from 'typeorm';
import { LEDGER_MIGRATIONS, ledgerDataSourceOptions } from '../src/database/data-source';

const FREE_BETS = 1_765_300_000_000;
const stampOf = (m: { name: string }) => Number(/(\d{13})$/.exec(m.name)?.[1]);

jest.setTimeout(60_000);

let db: TestDatabase;
afterAll(async () => db?.drop());

it('free bets migration: down removes its tables and account kind, and refuses once free bets were booked', async () => {
  db = await createTestDatabase('free-bets-migration');
  const ds = new DataSource({
    ...ledgerDataSourceOptions(db.url, 2),
    migrations: LEDGER_MIGRATIONS.filter((m) => stampOf(m) <= FREE_BETS),
  });
  await ds.initialize();
  const tables = async () =>
    (
      await ds.query(
        `SELECT table_name FROM information_schema.tables WHERE table_name LIKE 'ledger_free_bet%'
         ORDER BY table_name`,
      )
    ).map((r: { table_name: string }) => r.table_name);
  const book = () =>
    ds.query(`INSERT INTO wallet_accounts (key, kind, operator_id, currency, allow_negative)
              VALUES ('free_bets/x/EUR', 'free_bets', 'x', 'EUR', true)`);
  try {
    await ds.runMigrations({ transaction: 'all' });
    expect(await tables()).toEqual(['ledger_free_bet_uses', 'ledger_free_bets']);
    await ds.undoLastMigration({ transaction: 'all' });
    expect(await tables()).toEqual([]);
    await expect(book()).rejects.toThrow(/wallet_accounts_kind_check/);
    await ds.runMigrations({ transaction: 'all' });
    expect(await tables()).toEqual(['ledger_free_bet_uses', 'ledger_free_bets']);
    await book();
    await expect(ds.undoLastMigration({ transaction: 'all' })).rejects.toThrow(/free bets were booked/);
    expect(await tables()).toEqual(['ledger_free_bet_uses', 'ledger_free_bets']);
  } finally {
    await ds.destroy();
  }
});
