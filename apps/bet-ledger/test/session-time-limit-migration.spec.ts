import { createTestDatabase, TestDatabase } from '@casino/test-support';
import { DataSource } from 'typeorm';
import { LEDGER_MIGRATIONS, ledgerDataSourceOptions } from '../src/database/data-source';

const SESSION_TIME_LIMIT = 1_765_400_000_000;
const stampOf = (m: { name: string }) => Number(/(\d{13})$/.exec(m.name)?.[1]);

jest.setTimeout(60_000);

let db: TestDatabase;
afterAll(async () => db?.drop());

it('session-time limit migration: down drops the session column, up brings it back with its bounds', async () => {
  db = await createTestDatabase('session-time-limit-migration');
  const ds = new DataSource({
    ...ledgerDataSourceOptions(db.url, 2),
    migrations: LEDGER_MIGRATIONS.filter((m) => stampOf(m) <= SESSION_TIME_LIMIT),
  });
  await ds.initialize();
  const column = async () =>
    (
      await ds.query(
        `SELECT column_name FROM information_schema.columns
          WHERE table_name = 'ledger_player_sessions' AND column_name = 'time_limit_minutes'`,
      )
    ).length;
  const session = (minutes: number) =>
    ds.query(
      `INSERT INTO ledger_player_sessions (session_id, operator_id, player_id, currency, expires_at, time_limit_minutes)
       VALUES ($1, 'op', 'p', 'EUR', now() + interval '1 hour', $2)`,
      [`s-${minutes}`, minutes],
    );
  try {
    await ds.runMigrations({ transaction: 'all' });
    expect(await column()).toBe(1);
    await ds.query(
      `INSERT INTO ledger_operators (operator_id, name, currencies) VALUES ('op', 'Op', '{EUR}')`,
    );
    await ds.query(`INSERT INTO ledger_players (operator_id, player_id) VALUES ('op', 'p')`);
    await session(30);
    await expect(session(0)).rejects.toThrow(/check/);
    await ds.undoLastMigration({ transaction: 'all' });
    expect(await column()).toBe(0);
    await ds.runMigrations({ transaction: 'all' });
    expect(await column()).toBe(1);
  } finally {
    await ds.destroy();
  }
});
