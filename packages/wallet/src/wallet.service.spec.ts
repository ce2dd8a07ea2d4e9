import { createTestDatabase, TestDatabase } from '@casino/test-support';
import { DataSource } from 'typeorm';
import {
  accountKey,
  checkWalletInvariants,
  fundingAccount,
  playerAccount,
  sqlOf,
  WALLET_ENTITIES,
  WALLET_MIGRATIONS,
  WalletError,
  WalletService,
  formatMinorUnits,
  parseMinorUnits,
} from './index';

let db: TestDatabase;
let ds: DataSource;
let wallet: WalletService;
const player = { operatorId: 'op-1', playerId: 'p-1', currency: 'EUR', tableId: 't1' };

beforeAll(async () => {
  db = await createTestDatabase('wallet');
  ds = new DataSource({
    type: 'postgres',
    url: db.url,
    entities: WALLET_ENTITIES,
    migrations: WALLET_MIGRATIONS,
    synchronize: false,
    migrationsRun: true,
    poolSize: 20,
  });
  await ds.initialize();
  wallet = new WalletService(ds);
});

afterAll(async () => {
  await ds?.destroy();
  await db?.drop();
});

async function invariantsHold() {
  const runner = ds.createQueryRunner();
  try {
    const checks = await checkWalletInvariants(sqlOf(runner));
    expect(checks.filter((c) => !c.ok)).toEqual([]);
  } finally {
    await runner.release();
  }
}

describe('money', () => {
  it('formats and parses minor units exactly', () => {
    expect(formatMinorUnits(1250n)).toBe('12.50');
    expect(formatMinorUnits(-5n)).toBe('-0.05');
    expect(parseMinorUnits('1250')).toBe(1250n);
    expect(() => parseMinorUnits('12.5')).toThrow();
  });
});

describe('WalletService on PostgreSQL', () => {
  it('deposits once per idempotency key, from a funding account that goes negative', async () => {
    const first = await wallet.deposit({ ...player, idempotencyKey: 'dep-1', amount: 10_000n });
    const again = await wallet.deposit({ ...player, idempotencyKey: 'dep-1', amount: 10_000n });
    expect(first.duplicate).toBe(false);
    expect(again.duplicate).toBe(true);
    expect(await wallet.balanceOf(playerAccount('op-1', 'p-1', 'EUR'))).toBe(10_000n);
    expect(await wallet.balanceOf(fundingAccount('op-1', 'EUR'))).toBe(-10_000n);
    await invariantsHold();
  });

  it('withdraws to the funding account once per key, never below zero', async () => {
    const p = { operatorId: 'op-w', playerId: 'p-w', currency: 'EUR' };
    await wallet.deposit({ ...p, idempotencyKey: 'w-dep', amount: 1_000n });
    const out = await wallet.withdraw({ ...p, idempotencyKey: 'w-1', amount: 400n });
    const again = await wallet.withdraw({ ...p, idempotencyKey: 'w-1', amount: 400n });
    expect([out.duplicate, again.duplicate]).toEqual([false, true]);
    await expect(wallet.withdraw({ ...p, idempotencyKey: 'w-2', amount: 601n })).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(await wallet.balanceOf(playerAccount('op-w', 'p-w', 'EUR'))).toBe(600n);
    expect(await wallet.balanceOf(fundingAccount('op-w', 'EUR'))).toBe(-600n);
    await invariantsHold();
  });

  it('debits, credits and refunds with idempotency keys', async () => {
    await wallet.debit({ ...player, idempotencyKey: 'bet-1', amount: 1_000n });
    await wallet.debit({ ...player, idempotencyKey: 'bet-1', amount: 1_000n });
    await wallet.credit({
      ...player,
      idempotencyKey: 'set-1',
      stake: 1_000n,
      returned: 2_000n,
      game: 'baccarat',
    });
    await wallet.debit({ ...player, idempotencyKey: 'bet-2', amount: 500n });
    await wallet.refund({ ...player, idempotencyKey: 'ref-2', amount: 500n });
    await wallet.refund({ ...player, idempotencyKey: 'ref-2', amount: 500n });
    expect(await wallet.balanceOf(playerAccount('op-1', 'p-1', 'EUR'))).toBe(11_000n);
    await invariantsHold();
  });

  it('refuses a debit the balance does not cover', async () => {
    await expect(
      wallet.debit({ ...player, idempotencyKey: 'bet-big', amount: 1_000_000n }),
    ).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
    await expect(
      wallet.transfer({
        idempotencyKey: 'bad',
        kind: 'deposit',
        currency: 'EUR',
        lines: [{ account: playerAccount('op-1', 'p-1', 'EUR'), amount: 5n }],
      }),
    ).rejects.toBeInstanceOf(WalletError);
  });

  it('never lets concurrent debits take a balance below zero', async () => {
    const p = { operatorId: 'op-1', playerId: 'p-race', currency: 'EUR', tableId: 't1' };
    await wallet.deposit({ ...p, idempotencyKey: 'dep-race', amount: 1_000n });
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) => wallet.debit({ ...p, idempotencyKey: `race-${i}`, amount: 100n })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(await wallet.balanceOf(playerAccount('op-1', 'p-race', 'EUR'))).toBe(0n);
    await invariantsHold();
  });

  it('has a CHECK constraint as the last line of defence', async () => {
    const key = accountKey(playerAccount('op-1', 'p-1', 'EUR'));
    await expect(ds.query(`UPDATE wallet_accounts SET balance = -1 WHERE key = $1`, [key])).rejects.toThrow(
      /wallet_accounts_non_negative/,
    );
  });

  it('migrates down and up again', async () => {
    const other = await createTestDatabase('wallet_mig');
    const ds2 = new DataSource({
      type: 'postgres',
      url: other.url,
      entities: WALLET_ENTITIES,
      migrations: WALLET_MIGRATIONS,
    });
    try {
      await ds2.initialize();
      await ds2.runMigrations();
      await ds2.undoLastMigration();
      expect(await ds2.query(`SELECT to_regclass('wallet_accounts') AS t`)).toEqual([{ t: null }]);
      await ds2.runMigrations();
    } finally {
      await ds2.destroy();
      await other.drop();
    }
  });
});
