import 'reflect-metadata';
import { sqlOf } from '@casino/wallet';
import { DataSource } from 'typeorm';
import { ledgerDataSourceOptions } from '../database/data-source';
import { runLedgerChecks } from './ledger-checks';
import { databaseToVerify, DEMO_DATABASE_FILE } from './verify-target';

/**
 * `npm run ledger:verify`: checks the money and settlement invariants against the database named by DATABASE_URL
 * (or the last demo's), prints each check, and exits 1 naming the offending ids when one fails (2 when it cannot
 * check at all).
 */
async function main(): Promise<number> {
  const { url, why } = databaseToVerify(process.env, DEMO_DATABASE_FILE);
  const ds = new DataSource({ ...ledgerDataSourceOptions(url, 2) });
  await ds.initialize();
  const runner = ds.createQueryRunner();
  try {
    // One snapshot for every check, so a running ledger cannot make them disagree with each other.
    await runner.startTransaction('REPEATABLE READ');
    const checks = await runLedgerChecks(sqlOf(runner));
    await runner.commitTransaction();
    console.log(`ledger:verify on database ${new URL(url).pathname.slice(1)} (${why})`);
    for (const c of checks) {
      console.log(`${c.ok ? 'PASS' : 'FAIL'}  ${c.name}  (${c.checked} checked)`);
      if (!c.ok) console.log(`      offending: ${c.offenders.join(', ')}`);
    }
    const failed = checks.filter((c) => !c.ok).length;
    console.log(
      failed === 0 ? `all ${checks.length} checks passed` : `${failed} of ${checks.length} checks FAILED`,
    );
    return failed === 0 ? 0 : 1;
  } finally {
    await runner.release();
    await ds.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`ledger:verify could not run: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(2);
  },
);
