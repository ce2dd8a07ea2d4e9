import { Sql } from '@casino/wallet';
import { DataSource } from 'typeorm';

/**
 * Statements outside a transaction, each on a pooled connection (as `DataSource.query`), with rows returned
 * alike for SELECT, INSERT, UPDATE and DELETE … RETURNING (TypeORM's plain query gives [rows, count] for the last two).
 */
export function poolSql(ds: DataSource): Sql {
  return {
    async rows<T>(text: string, params: unknown[] = []): Promise<T[]> {
      const runner = ds.createQueryRunner();
      try {
        return ((await runner.query(text, params, true)).records ?? []) as T[];
      } finally {
        await runner.release();
      }
    },
  };
}
