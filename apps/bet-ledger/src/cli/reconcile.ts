import 'reflect-metadata';
import { sqlOf } from '@casino/wallet';
import { readFileSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { ledgerDataSourceOptions } from '../database/data-source';
import { isClean, parseStatement, reconcile, StatementFormatError } from '../seamless/reconciliation/compare';
import { platformCalls } from '../seamless/reconciliation/platform-calls';
import { databaseToVerify, DEMO_DATABASE_FILE } from './verify-target';

const USAGE = `usage: npm run reconcile -- --operator <id> --date YYYY-MM-DD --statement <file.csv>
(DATABASE_URL, else the last demo's database; the file: CSV transactionId,type,amount,currency,status)`;

function flags(args: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < args.length; i += 2) {
    if (!args[i]?.startsWith('--') || args[i + 1] === undefined) throw new StatementFormatError(USAGE);
    out.set(args[i].slice(2), args[i + 1]);
  }
  return out;
}

/**
 * `npm run reconcile`: the platform's seamless calls of one operator and UTC day beside the operator's statement
 * file. Prints matched, missing on either side and mismatches; exits 1 on any difference, 2 on bad input.
 */
async function main(): Promise<number> {
  const f = flags(process.argv.slice(2));
  const operatorId = f.get('operator');
  const date = f.get('date');
  const file = f.get('statement');
  if (!operatorId || !date || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !file)
    throw new StatementFormatError(USAGE);
  const statement = parseStatement(readFileSync(file, 'utf8'));
  const { url } = databaseToVerify(process.env, DEMO_DATABASE_FILE);
  const ds = new DataSource({ ...ledgerDataSourceOptions(url, 1) });
  await ds.initialize();
  try {
    const calls = await ds.transaction((m) => platformCalls(sqlOf(m), operatorId, date));
    const r = reconcile(calls, statement);
    console.log(
      `reconcile ${operatorId} ${date}: platform ${calls.length} calls, statement ${statement.length} lines`,
    );
    console.log(`matched: ${r.matched}`);
    console.log(`missing at the operator: ${r.missingAtOperator.length}`);
    for (const p of r.missingAtOperator)
      console.log(`  ${p.transactionId} ${p.type} ${p.amount} ${p.currency} ${p.state}`);
    console.log(`missing on the platform: ${r.missingOnPlatform.length}`);
    for (const t of r.missingOnPlatform)
      console.log(`  ${t.transactionId} ${t.type} ${t.amount} ${t.currency} ${t.status}`);
    console.log(`mismatches: ${r.mismatches.length}`);
    for (const m of r.mismatches)
      console.log(`  ${m.transactionId}: platform ${m.platform}, operator ${m.operator}`);
    return isClean(r) ? 0 : 1;
  } finally {
    await ds.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(2);
  },
);
