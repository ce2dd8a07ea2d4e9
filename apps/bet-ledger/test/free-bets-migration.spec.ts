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

const FREE_BET_WINNINGS = 1_765_600_000_000;

it('free-bet winnings migration: down removes the winnings columns, and refuses once a grant paid them as bonus', async () => {
  const winnings = await createTestDatabase('free-bet-winnings-migration');
  const ds = new DataSource({
    ...ledgerDataSourceOptions(winnings.url, 2),
    migrations: LEDGER_MIGRATIONS.filter((m) => stampOf(m) <= FREE_BET_WINNINGS),
  });
  await ds.initialize();
  const columns = async () =>
    (
      await ds.query(
        `SELECT column_name FROM information_schema.columns
         WHERE table_name = 'ledger_free_bets' AND column_name IN ('winnings_as', 'bonus_id') ORDER BY 1`,
      )
    ).map((r: { column_name: string }) => r.column_name);
  // A free-bet grant's bonus starts at 0 (ledger_bonuses.amount may then be 0).
  const grant = async () => {
    await ds.query(
      `INSERT INTO ledger_operators (operator_id, name, currencies) VALUES ('op', 'Op', '{EUR}')`,
    );
    await ds.query(`INSERT INTO wallet_accounts (key, kind, operator_id, player_id, currency)
                    VALUES ('bonus/op/p/EUR', 'bonus', 'op', 'p', 'EUR')`);
    await ds.query(`INSERT INTO ledger_bonuses (bonus_id, operator_id, grant_id, player_id, currency, account_id,
                      amount, wagering_multiple, requirement, expires_at, request_hash)
                    SELECT 'b', 'op', 'free-bets:g', 'p', 'EUR', id, 0, 1, 0, now() + interval '1 day', 'h'
                    FROM wallet_accounts WHERE key = 'bonus/op/p/EUR'`);
    await ds.query(`INSERT INTO ledger_free_bets (free_bet_id, operator_id, grant_id, player_id, currency, game,
                      stake, count, expires_at, request_hash, winnings_as, bonus_id)
                    VALUES ('f', 'op', 'g', 'p', 'EUR', 'baccarat', 100, 1, now() + interval '1 day', 'h',
                      'bonus', 'b')`);
  };
  try {
    await ds.runMigrations({ transaction: 'all' });
    expect(await columns()).toEqual(['bonus_id', 'winnings_as']);
    await ds.undoLastMigration({ transaction: 'all' });
    expect(await columns()).toEqual([]);
    await ds.runMigrations({ transaction: 'all' });
    await grant();
    await expect(ds.undoLastMigration({ transaction: 'all' })).rejects.toThrow(/winnings as bonus/);
    expect(await columns()).toEqual(['bonus_id', 'winnings_as']);
  } finally {
    await ds.destroy();
    await winnings.drop();
  }
});
