import { WalletEndpoint } from '@casino/operator-protocol';
import { Sql } from '@casino/wallet';
import { TransactionRunner } from '../transaction/transaction.runner';
import { DecideBetCommands } from './seamless-check';
import { RoundLinker } from './seamless-v2-calls';

/** What the seamless worker's steps use: the decision, transactions, the operator's wallet and plain reads. */
export interface SeamlessDeps {
  decide: DecideBetCommands;
  transactions: TransactionRunner;
  endpoint(operatorId: string): Promise<WalletEndpoint | undefined>;
  /** A read of single statements, each committing on its own (no BEGIN and COMMIT). */
  read<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
  timeoutMs: number;
  /** Signs a version 2 call's round-details link. */
  roundLink: RoundLinker;
  log: { warn(message: string): void };
}
