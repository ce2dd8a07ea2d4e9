import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { Pool } from 'pg';
import { WALLET_CONFIG, WalletConfig } from '../config/wallet-config';

/** Connections of the pool the money calls use. */
const MONEY_CALL_CONNECTIONS = 10;

/**
 * The connections the money calls' two statements run on (wallet.repository.ts), each statement prepared once per
 * connection: planned once instead of on every call, which halves the database's work for a debit
 * (docs/benchmarks.md, 2026-11-24 21:00–22:25 UTC). A prepared statement keeps the generic plan PostgreSQL
 * made from the statistics of its first runs, and on a wallet whose tables were still empty then, that plan
 * scanned `wallet_transactions` whole on every call; these sessions never plan a sequential scan where a key
 * lookup exists (`enable_seqscan = off`), and every money-call statement looks up by key. The wallet's other
 * queries (admin, statements, a money call retried under its lock) stay on TypeORM's pool with the defaults.
 */
@Injectable()
export class MoneyCallPool implements OnModuleDestroy {
  private readonly pool: Pool;

  constructor(@Inject(WALLET_CONFIG) config: WalletConfig) {
    this.pool = new Pool({
      connectionString: config.DATABASE_URL,
      max: MONEY_CALL_CONNECTIONS,
      options: '-c enable_seqscan=off',
    });
    // An idle connection the server drops (restart, terminate) must not end the process; the next call reconnects.
    this.pool.on('error', () => undefined);
  }

  async query<T>(name: string, text: string, values: unknown[]): Promise<T[]> {
    return (await this.pool.query({ name, text, values })).rows as T[];
  }

  onModuleDestroy(): Promise<void> {
    return this.pool.end();
  }
}
