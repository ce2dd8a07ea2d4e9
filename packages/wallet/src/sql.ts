import { EntityManager, QueryRunner } from 'typeorm';

/** Hand-written SQL through the same DataSource (and transaction) as the entities: rows in, rows out. */
export interface Sql {
  rows<T>(text: string, params?: unknown[]): Promise<T[]>;
}

export function sqlOf(target: EntityManager | QueryRunner): Sql {
  const runner = 'isReleased' in target ? (target as QueryRunner) : (target as EntityManager).queryRunner;
  if (!runner) throw new Error('sqlOf needs an EntityManager inside a transaction, or a QueryRunner');
  return {
    async rows<T>(text: string, params: unknown[] = []): Promise<T[]> {
      const result = await runner.query(text, params, true);
      return (result.records ?? []) as T[];
    },
  };
}

/** PostgreSQL error code of a failed query, if any (e.g. 23514 check_violation, 40P01 deadlock). */
export function pgErrorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; driverError?: { code?: unknown } };
  const code = e?.driverError?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}
