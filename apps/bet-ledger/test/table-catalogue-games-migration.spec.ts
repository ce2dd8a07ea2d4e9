import { createTestDatabase, TestDatabase } from '@casino/test-support';
import { DataSource } from 'typeorm';
import { ledgerDataSourceOptions } from '../src/database/data-source';

jest.setTimeout(60_000);

const MIGRATION = 'TableCatalogueGames1765100000000';

let db: TestDatabase;
let ds: DataSource;
afterAll(async () => {
  await ds?.destroy();
  await db?.drop();
});

const addTable = (tableId: string, game: string) =>
  ds.query(
    `INSERT INTO ledger_tables (table_id, game, variant, currency, settings, producer, status, updated_by)
     VALUES ($1, $2, 'test', 'EUR', '{}'::jsonb, 'test', 'open', 'migration-test')`,
    [tableId, game],
  );

it('table catalogue games: any registered game after up; down keeps existing tables and refuses new ones of later games', async () => {
  db = await createTestDatabase('catalogue-games-migration');
  ds = await new DataSource(ledgerDataSourceOptions(db.url, 2)).initialize();
  await ds.runMigrations({ transaction: 'all' });
  await addTable('sb-1', 'sicBo');
  // Undo down to this migration (and any later one).
  for (;;) {
    const [last] = await ds.query(`SELECT name FROM migrations ORDER BY id DESC LIMIT 1`);
    await ds.undoLastMigration({ transaction: 'all' });
    if (last.name === MIGRATION) break;
  }
  await expect(addTable('ft-1', 'fanTan')).rejects.toThrow(/ledger_tables_game_check/);
  await addTable('bac-1', 'baccarat');
  expect(
    (await ds.query(`SELECT table_id FROM ledger_tables ORDER BY table_id`)).map(
      (r: { table_id: string }) => r.table_id,
    ),
  ).toEqual(['bac-1', 'sb-1']);
  await ds.runMigrations({ transaction: 'all' });
  await addTable('ft-1', 'fanTan');
});
