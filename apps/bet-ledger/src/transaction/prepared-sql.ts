import { Sql } from '@casino/wallet';
import { createHash } from 'node:crypto';
import type { QueryResultRow } from 'pg';
import { EntityManager, QueryRunnerAlreadyReleasedError } from 'typeorm';
import { encodeArrayParams } from './array-param';

/** A text becomes a prepared statement the third time it is sent (texts built per call rarely come back). */
const PREPARE_AFTER = 3;
/** At most this many prepared texts per process, so a text built per call can never pile up on the server. */
const MAX_PREPARED = 64;
/** Texts counted towards PREPARE_AFTER; the count starts over when this many are waiting. */
const MAX_COUNTED = 1_024;

/** The part of node-postgres's client the ledger's statements use. */
interface PgClient {
  query<R extends QueryResultRow>(config: {
    text: string;
    values: unknown[];
    name?: string;
  }): Promise<{ rows: R[] }>;
}

/**
 * Names the texts the ledger sends over and over (a batch's lock, context and write statements, a settlement's
 * queries), so that node-postgres prepares each once per connection and PostgreSQL plans it once: planning these
 * statements cost about as much as running them for a batch of 20 bets. Their parameters are arrays and keys, so
 * the generic plan PostgreSQL settles on after a few runs suits every batch size. Array parameters are encoded
 * by `arrayLiteral`.
 */
export class PreparedStatements {
  private readonly counted = new Map<string, number>();
  private readonly names = new Map<string, string>();

  /** The statement's name, once it is worth preparing; undefined before (and for texts past the limit). */
  nameOf(text: string): string | undefined {
    const name = this.names.get(text);
    if (name !== undefined || this.names.size >= MAX_PREPARED) return name;
    const count = (this.counted.get(text) ?? 0) + 1;
    if (count < PREPARE_AFTER) {
      if (this.counted.size >= MAX_COUNTED) this.counted.clear();
      this.counted.set(text, count);
      return undefined;
    }
    this.counted.delete(text);
    const named = `ledger_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    this.names.set(text, named);
    return named;
  }

  /** The transaction's statements through its connection's client, named once worth it. */
  sqlOf(manager: EntityManager): Sql {
    const runner = manager.queryRunner;
    if (!runner) throw new Error('PreparedStatements.sqlOf needs an EntityManager inside a transaction');
    return {
      rows: async <T>(text: string, params: unknown[] = []): Promise<T[]> => {
        // As TypeORM's own query(): a released runner's client may already serve another transaction.
        if (runner.isReleased) throw new QueryRunnerAlreadyReleasedError();
        // TypeORM's connected query runner hands out its node-postgres client.
        const client = (await runner.connect()) as PgClient;
        const name = this.nameOf(text);
        const values = encodeArrayParams(params);
        const result = await client.query<QueryResultRow>(
          name === undefined ? { text, values } : { name, text, values },
        );
        return result.rows as T[];
      },
    };
  }
}
