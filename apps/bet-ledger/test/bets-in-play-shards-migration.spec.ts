import { createTestDatabase, TestDatabase } from '@casino/test-support';
import { DataSource } from 'typeorm';
import { LEDGER_MIGRATIONS, ledgerDataSourceOptions } from '../src/database/data-source';

const SHARDS = 1_765_740_000_000;
const stampOf = (m: { name: string }) => Number(/(\d{13})$/.exec(m.name)?.[1]);

jest.setTimeout(60_000);

let db: TestDatabase;
afterAll(async () => db?.drop());

it("bets-in-play shards migration: up gives each earlier bet its table's account; down refuses while a shard holds stakes", async () => {
  db = await createTestDatabase('in-play-shards-migration');
  const ds = new DataSource({
    ...ledgerDataSourceOptions(db.url, 2),
    migrations: LEDGER_MIGRATIONS.filter((m) => stampOf(m) <= SHARDS),
  });
  await ds.initialize();
  const account = async (key: string, table: string, balance = 0) =>
    (
      await ds.query(
        `INSERT INTO wallet_accounts (key, kind, operator_id, table_id, currency, balance)
         VALUES ($1, 'bets_in_play', 'op', $2, 'EUR', $3) RETURNING id`,
        [key, table, balance],
      )
    )[0].id as string;
  const bet = (id: string, table: string) =>
    ds.query(
      `INSERT INTO ledger_bets (bet_id, command_id, table_id, round_id, game, player_id, operator_id, currency,
         account_id, stake, limit_key, spec)
       VALUES ($1, $1, $2, 'r', 'roulette', 'p', 'op', 'EUR', 1, 100, 'red', '{}')`,
      [id, table],
    );
  try {
    await ds.runMigrations({ transaction: 'all' });
    await ds.undoLastMigration({ transaction: 'all' });
    const t1 = await account('bets_in_play/op/t1/EUR', 't1');
    const t2 = await account('bets_in_play/op/t2/EUR', 't2');
    await bet('b1', 't1');
    await bet('b2', 't2');
    await ds.runMigrations({ transaction: 'all' });
    const rows: { bet_id: string; in_play_account_id: string }[] = await ds.query(
      `SELECT bet_id, in_play_account_id FROM ledger_bets ORDER BY bet_id`,
    );
    expect(rows.map((r) => [r.bet_id, String(r.in_play_account_id)])).toEqual([
      ['b1', String(t1)],
      ['b2', String(t2)],
    ]);
    await account('bets_in_play/op/t1/EUR/1', 't1', 300);
    await expect(ds.undoLastMigration({ transaction: 'all' })).rejects.toThrow(
      /bets_in_play\/op\/t1\/EUR\/1/,
    );
    await ds.query(`UPDATE wallet_accounts SET balance = 0 WHERE key = 'bets_in_play/op/t1/EUR/1'`);
    await ds.undoLastMigration({ transaction: 'all' });
    const columns = await ds.query(
      `SELECT 1 FROM information_schema.columns WHERE table_name = 'ledger_bets' AND column_name = 'in_play_account_id'`,
    );
    expect(columns).toEqual([]);
  } finally {
    await ds.destroy();
  }
});
