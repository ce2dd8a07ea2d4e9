import { createTestDatabase, TestDatabase } from '@casino/test-support';
import { DataSource } from 'typeorm';
import { LEDGER_MIGRATIONS, ledgerDataSourceOptions } from '../src/database/data-source';

const BONUS_FUNDS = 1_765_000_000_000;
const stampOf = (m: { name: string }) => Number(/(\d{13})$/.exec(m.name)?.[1]);

jest.setTimeout(60_000);

let db: TestDatabase;
afterAll(async () => db?.drop());

it('bonus funds migration: down removes its tables, columns and account kinds; up brings them back', async () => {
  db = await createTestDatabase('bonus-funds-migration');
  // The schema up to this migration: undoing the last one undoes it.
  const ds = new DataSource({
    ...ledgerDataSourceOptions(db.url, 2),
    migrations: LEDGER_MIGRATIONS.filter((m) => stampOf(m) <= BONUS_FUNDS),
  });
  await ds.initialize();
  const tables = async () =>
    (
      await ds.query(
        `SELECT table_name FROM information_schema.tables WHERE table_name LIKE 'ledger_b%bonus%'
         OR table_name LIKE 'ledger_bonus%' ORDER BY table_name`,
      )
    ).map((r: { table_name: string }) => r.table_name);
  const bonusKind = () =>
    ds.query(`INSERT INTO wallet_accounts (key, kind, operator_id, player_id, currency)
              VALUES ('bonus/x/p/EUR', 'bonus', 'x', 'p', 'EUR')`);
  try {
    await ds.runMigrations({ transaction: 'all' });
    expect(await tables()).toEqual(['ledger_bet_bonus_parts', 'ledger_bonus_audit', 'ledger_bonuses']);
    await ds.undoLastMigration({ transaction: 'all' });
    expect(await tables()).toEqual([]);
    await expect(bonusKind()).rejects.toThrow(/wallet_accounts_kind_check/);
    await ds.runMigrations({ transaction: 'all' });
    expect(await tables()).toEqual(['ledger_bet_bonus_parts', 'ledger_bonus_audit', 'ledger_bonuses']);
    await bonusKind();
  } finally {
    await ds.destroy();
  }
});
