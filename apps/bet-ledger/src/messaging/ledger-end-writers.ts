import { registerReportRollups } from '../back-office/rollups/report-rollups';
import { registerGamblingUsage } from '../responsible-gambling/gambling-usage';
import { TransactionRunner } from '../transaction/transaction.runner';

/**
 * The rows other modules keep per transaction, written at its end (transaction/end-of-transaction.ts): every
 * runner that decides bets or settles rounds needs them, the processor's and a test's own alike.
 */
export function registerLedgerEndWriters(runner: TransactionRunner): TransactionRunner {
  registerReportRollups(runner.endWriters);
  registerGamblingUsage(runner.endWriters);
  return runner;
}
