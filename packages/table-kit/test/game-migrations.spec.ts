import { createTestDatabase, TestDatabase } from '@casino/test-support';
import { Pool } from 'pg';
import { GAME_MIGRATIONS } from '../src/migrations/game-migrations';
import {
  assertGameSchemaCurrent,
  gameMigrationStatus,
  revertGameMigration,
  runGameMigrations,
} from '../src/migrations/game-migrator';
import { PgStateStore } from '../src/postgres/pg-state-store';
import { StateSealer } from '../src/state/state-sealing';

jest.setTimeout(60_000);

const names = GAME_MIGRATIONS.map((m) => m.name);

/** The tables, columns and indexes of the public schema: what a migration and its way back must agree on. */
async function schemaOf(pool: Pool): Promise<string[]> {
  const { rows } = await pool.query<{ item: string }>(`
    SELECT 'column ' || table_name || '.' || column_name || ' ' || data_type AS item
      FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> 'game_schema_migrations'
    UNION ALL
    SELECT 'index ' || indexname || ' ' || indexdef FROM pg_indexes
      WHERE schemaname = 'public' AND tablename <> 'game_schema_migrations'
    ORDER BY 1`);
  return rows.map((r) => r.item);
}

describe('game migrations (real PostgreSQL)', () => {
  let db: TestDatabase;
  let pool: Pool;

  beforeEach(async () => {
    db = await createTestDatabase('game_migrations');
    pool = new Pool({ connectionString: db.url, max: 4 });
  });
  afterEach(async () => {
    await pool?.end();
    await db?.drop();
  });

  it('runs every migration once, in timestamp order, and records each', async () => {
    expect([...names].sort()).toEqual(names);
    expect(await runGameMigrations(pool)).toEqual(names);
    expect(await runGameMigrations(pool)).toEqual([]);
    expect(await gameMigrationStatus(pool)).toEqual(names.map((name) => ({ name, run: true })));
  });

  it('instances and the Job starting together: each migration runs once in all', async () => {
    const runs = await Promise.all([1, 2, 3].map(() => runGameMigrations(pool)));
    expect(runs.flat().sort()).toEqual(names);
  });

  it('every down undoes its up: reverted one by one to an empty schema, then up again to the same schema', async () => {
    await runGameMigrations(pool);
    const full = await schemaOf(pool);
    const states: string[][] = [];
    for (let i = names.length - 1; i >= 0; i--) {
      expect(await revertGameMigration(pool)).toBe(names[i]);
      states.unshift(await schemaOf(pool));
    }
    expect(states[0]).toEqual([]);
    await expect(revertGameMigration(pool)).rejects.toMatchObject({ code: 'NOTHING_TO_REVERT' });
    // Up one step at a time: each intermediate schema is the one its down left.
    for (let i = 0; i < names.length; i++) {
      expect(await runGameMigrations(pool, GAME_MIGRATIONS.slice(0, i + 1))).toEqual([names[i]]);
      expect(await schemaOf(pool)).toEqual(states[i + 1] ?? full);
    }
    expect(await schemaOf(pool)).toEqual(full);
  });

  it('reverts only the migration named when it is the last one run', async () => {
    await runGameMigrations(pool);
    await expect(revertGameMigration(pool, names[0])).rejects.toMatchObject({ code: 'NOT_LAST_MIGRATION' });
    expect(await revertGameMigration(pool, names.at(-1))).toBe(names.at(-1));
  });

  it('a failing migration changes nothing: the whole run is one transaction', async () => {
    const broken = {
      name: '9999999999999-broken',
      up: ['CREATE TABLE broken_x (a int)', 'SELECT 1/0'],
      down: [],
    };
    await expect(runGameMigrations(pool, [...GAME_MIGRATIONS, broken])).rejects.toThrow(/division by zero/);
    expect(await schemaOf(pool)).toEqual([]);
    expect((await gameMigrationStatus(pool)).every((s) => !s.run)).toBe(true);
  });

  it('with migrations left to the Job, the state store refuses a database that lacks one', async () => {
    const sealer = new StateSealer('33'.repeat(32));
    await expect(assertGameSchemaCurrent(pool)).rejects.toMatchObject({ code: 'SCHEMA_BEHIND' });
    await expect(
      PgStateStore.open(db.url, 'inst', () => undefined, sealer, { migrate: false }),
    ).rejects.toThrow(/lacks migration\(s\) 1764900000000-game-tables/);
    await runGameMigrations(pool);
    const store = await PgStateStore.open(db.url, 'inst', () => undefined, sealer, { migrate: false });
    await store.claim('t1');
    await store.close();
  });

  it('adopts a database whose tables were made before the migrations table existed', async () => {
    await runGameMigrations(pool);
    await pool.query('DROP TABLE game_schema_migrations');
    expect(await runGameMigrations(pool)).toEqual(names);
  });
});
