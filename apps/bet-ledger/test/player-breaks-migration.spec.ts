import { createTestDatabase, TestDatabase } from '@casino/test-support';
import { DataSource } from 'typeorm';
import { LEDGER_MIGRATIONS, ledgerDataSourceOptions } from '../src/database/data-source';

const PLAYER_BREAKS = 1_765_200_000_000;
const stampOf = (m: { name: string }) => Number(/(\d{13})$/.exec(m.name)?.[1]);

jest.setTimeout(60_000);

let db: TestDatabase;
afterAll(async () => db?.drop());

it('player breaks migration: down removes the cooling-off rows, the kind and the session columns; up brings them back', async () => {
  db = await createTestDatabase('player-breaks-migration');
  const ds = new DataSource({
    ...ledgerDataSourceOptions(db.url, 2),
    migrations: LEDGER_MIGRATIONS.filter((m) => stampOf(m) <= PLAYER_BREAKS),
  });
  await ds.initialize();
  const coolOff = () =>
    ds.query(`INSERT INTO ledger_gambling_limits (operator_id, player_id, currency, kind, amount)
              VALUES ('op', 'p', 'EUR', 'cooling_off', 1)`);
  const columns = async () =>
    (
      await ds.query(
        `SELECT column_name FROM information_schema.columns
          WHERE table_name = 'ledger_player_sessions' AND column_name IN ('reality_check_minutes', 'player_limits')
          ORDER BY 1`,
      )
    ).map((r: { column_name: string }) => r.column_name);
  try {
    await ds.runMigrations({ transaction: 'all' });
    expect(await columns()).toEqual(['player_limits', 'reality_check_minutes']);
    await coolOff();
    await ds.undoLastMigration({ transaction: 'all' });
    expect(await columns()).toEqual([]);
    expect(await ds.query(`SELECT kind FROM ledger_gambling_limits`)).toEqual([]);
    await expect(coolOff()).rejects.toThrow(/ledger_gambling_limits_kind_check/);
    await ds.runMigrations({ transaction: 'all' });
    expect(await columns()).toEqual(['player_limits', 'reality_check_minutes']);
    await coolOff();
  } finally {
    await ds.destroy();
  }
});
