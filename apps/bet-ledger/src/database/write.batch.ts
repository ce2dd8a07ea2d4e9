import { Sql } from '@casino/wallet';

/** One parameterized statement, not yet sent. */
export interface Statement {
  text: string;
  params: unknown[];
}

/**
 * Independent writes of one transaction, sent together in one round trip: each becomes a data-modifying CTE of a
 * single statement. They all see the snapshot from before the statement, so a write that must see another's
 * rows (an update of a row inserted here) goes in a later flush.
 */
export class WriteBatch {
  private statements: Statement[] = [];

  add(statement: Statement | undefined): void {
    if (statement) this.statements.push(statement);
  }

  async flush(sql: Sql): Promise<void> {
    const statements = this.statements;
    this.statements = [];
    if (statements.length === 0) return;
    const { text, params } = combineStatements(statements);
    await sql.rows(text, params);
  }
}

/** `WITH w0 AS (…), w1 AS (…) SELECT 1`, with each statement's $n renumbered after the ones before it. */
export function combineStatements(statements: readonly Statement[]): Statement {
  if (statements.length === 1) return statements[0];
  const params: unknown[] = [];
  const ctes = statements.map((s, i) => {
    const offset = params.length;
    params.push(...s.params);
    return `w${i} AS (${s.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`)})`;
  });
  return { text: `WITH ${ctes.join(',\n')}\nSELECT 1`, params };
}
