import { createTestDatabase, TestDatabase } from '@casino/test-support';
import { sqlOf, WalletService } from '@casino/wallet';
import { DataSource } from 'typeorm';
import { runLedgerChecks } from '../src/cli/ledger-checks';
import { LEDGER_MIGRATIONS, ledgerDataSourceOptions } from '../src/database/data-source';
import { claimBackOfficeDeposit } from '../src/operators/backoffice-deposits.repository';
import { DEFAULT_OPERATOR_CAPS } from '../src/operators/operator-account';

jest.setTimeout(60_000);

const DEPOSIT_CAPS = 1_764_910_000_000;
const stampOf = (m: { name: string }) => Number(/(\d{13})$/.exec(m.name)?.[1]);

let db: TestDatabase;
afterAll(async () => db?.drop());

/** A ledger whose schema stops before migration 1764910000000-deposit-caps, with what it held then. */
async function legacyLedger(): Promise<void> {
  const ds = new DataSource({
    ...ledgerDataSourceOptions(db.url, 2),
    migrations: LEDGER_MIGRATIONS.filter((m) => stampOf(m) < DEPOSIT_CAPS),
  });
  await ds.initialize();
  try {
    await ds.runMigrations({ transaction: 'all' });
    await ds.query(
      `INSERT INTO ledger_operators (operator_id, name, currencies) VALUES ('op-old', 'Old', '{EUR}')`,
    );
    // The back office's deposits as they were keyed: deposit:<operator>:<key>.
    const wallet = new WalletService(ds);
    for (const [operatorId, playerId, key, amount] of [
      ['a:b', 'p', 'c', 100n],
      ['x', 'q', 'k:1', 50n],
    ] as const)
      await wallet.deposit({
        operatorId,
        playerId,
        currency: 'EUR',
        idempotencyKey: `deposit:${operatorId}:${key}`,
        amount,
      });
  } finally {
    await ds.destroy();
  }
}

it('deposit caps: existing operators get the default caps; earlier back-office deposit keys are kept per operator', async () => {
  db = await createTestDatabase('deposit-caps-migration');
  await legacyLedger();
  const ds = new DataSource(ledgerDataSourceOptions(db.url, 2));
  await ds.initialize();
  try {
    await ds.runMigrations({ transaction: 'all' });
    expect(
      await ds.query(`SELECT max_deposit::text AS d, max_daily_deposits::text AS day FROM ledger_operators`),
    ).toEqual([
      {
        d: DEFAULT_OPERATOR_CAPS.maxDeposit.toString(),
        day: DEFAULT_OPERATOR_CAPS.maxDailyDeposits.toString(),
      },
    ]);
    expect(
      await ds.query(
        `SELECT operator_id, idempotency_key, player_id, currency, amount::text AS amount
           FROM ledger_backoffice_deposits ORDER BY operator_id`,
      ),
    ).toEqual([
      { operator_id: 'a:b', idempotency_key: 'c', player_id: 'p', currency: 'EUR', amount: '100' },
      { operator_id: 'x', idempotency_key: 'k:1', player_id: 'q', currency: 'EUR', amount: '50' },
    ]);
    await ds.transaction(async (m) => {
      const sql = sqlOf(m);
      const request = {
        operatorId: 'a:b',
        idempotencyKey: 'c',
        playerId: 'p',
        currency: 'EUR',
        amount: 100n,
      };
      expect(await claimBackOfficeDeposit(sql, request)).toBe('seen');
      expect(await claimBackOfficeDeposit(sql, { ...request, amount: 101n })).toBe('reused');
      // Operator a with key b:c was never a deposit of its own.
      expect(await claimBackOfficeDeposit(sql, { ...request, operatorId: 'a', idempotencyKey: 'b:c' })).toBe(
        'new',
      );
    });
    expect((await runLedgerChecks(sqlOf(ds.createQueryRunner()))).filter((c) => !c.ok)).toEqual([]);
  } finally {
    await ds.destroy();
  }
});
