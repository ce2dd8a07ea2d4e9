import { openLedgerDataSource } from '@casino/bet-ledger';
import {
  accountKey,
  AccountSpec,
  ensureAccounts,
  fundingAccount,
  playerAccount,
  postEntries,
  sqlOf,
} from '@casino/wallet';

/**
 * Funds thousands of players with `each` (EUR) in one ledger transaction before the ledger starts (the database's
 * migrations run first), for `bench:ledger` and `bench:table`: one signed deposit per player debits the operator's
 * one funding account, so deposits are decided one after another (about 20 a second on a busy machine of this
 * kind), which would make a 10,000-player run spend minutes funding. Its sessions are closed when it returns.
 */
export async function fundPlayersDirectly(
  ledgerDbUrl: string,
  operatorId: string,
  playerIds: readonly string[],
  each: bigint,
): Promise<void> {
  const ds = await openLedgerDataSource(ledgerDbUrl, 2, true);
  try {
    await ds.transaction(async (m) => {
      const sql = sqlOf(m);
      const specs = playerIds.map((p) => playerAccount(operatorId, p, 'EUR'));
      const funding = fundingAccount(operatorId, 'EUR');
      const accounts = await ensureAccounts(sql, [funding, ...specs]);
      const idOf = (spec: AccountSpec) => {
        const account = accounts.get(accountKey(spec));
        if (!account) throw new Error(`account ${accountKey(spec)} was not created`);
        return account.id;
      };
      await postEntries(sql, [
        {
          idempotencyKey: `bench-funding-${operatorId}-${playerIds[0] ?? ''}`,
          kind: 'deposit',
          reference: 'bench',
          currency: 'EUR',
          lines: [
            { accountId: idOf(funding), amount: -each * BigInt(playerIds.length) },
            ...specs.map((s) => ({ accountId: idOf(s), amount: each })),
          ],
        },
      ]);
    });
  } finally {
    await ds.destroy();
  }
}
