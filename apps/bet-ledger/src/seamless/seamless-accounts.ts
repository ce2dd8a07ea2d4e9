import { accountKey, AccountSpec, ensureAccounts, Sql } from '@casino/wallet';

/** Creates the accounts missing among `specs` and returns a lookup of their ids (for postings by account id). */
export async function ensureAccountIds(
  sql: Sql,
  specs: readonly AccountSpec[],
): Promise<(spec: AccountSpec) => string> {
  const accounts = await ensureAccounts(sql, specs);
  return (spec) => {
    const account = accounts.get(accountKey(spec));
    if (!account) throw new Error(`account ${accountKey(spec)} was not created`);
    return account.id;
  };
}
