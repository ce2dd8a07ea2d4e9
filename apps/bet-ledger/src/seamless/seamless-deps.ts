import { WalletEndpoint } from '@casino/operator-protocol';
import { Sql } from '@casino/wallet';
import { TransactionRunner } from '../transaction/transaction.runner';
import { DecideBetCommands } from './seamless-check';

/** What the seamless worker's steps use: the decision, transactions, the operator's wallet and plain reads. */
export interface SeamlessDeps {
  decide: DecideBetCommands;
  transactions: TransactionRunner;
  endpoint(operatorId: string): Promise<WalletEndpoint | undefined>;
  /** A read of single statements, each committing on its own (no BEGIN and COMMIT). */
  read<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
  timeoutMs: number;
  log: { warn(message: string): void };
}
