import { Sql } from '@casino/wallet';

/** One parameterized statement, not yet sent. */
export interface Statement {
  text: string;
  params: unknown[];
  /** Its RETURNING rows are what the flush returns (at most one such statement per flush). */
  returnsRows?: boolean;
  /** The text is already a list of named CTEs (`a AS (…), b AS (…)`, names unique in the batch). */
  cteList?: boolean;
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

  /** Sends the queued writes; returns the RETURNING rows of the one that asked for them, if any. */
  async flush<R>(sql: Sql): Promise<R[]> {
    const statements = this.statements;
    this.statements = [];
    if (statements.length === 0) return [];
    const { text, params } = combineStatements(statements);
    return sql.rows<R>(text, params);
  }
}

/**
 * `WITH w0 AS (…), w1 AS (…) SELECT 1` (or `SELECT * FROM wN`, N the statement returning rows), with each
 * statement's $n renumbered after the ones before it.
 */
export function combineStatements(statements: readonly Statement[]): Statement {
  if (statements.length === 1 && !statements[0].cteList) return statements[0];
  const returning = statements.findIndex((s) => s.returnsRows);
  const params: unknown[] = [];
  const ctes = statements.map((s, i) => {
    const offset = params.length;
    params.push(...s.params);
    const text = s.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
    return s.cteList ? text : `w${i} AS (${text})`;
  });
  const select = returning >= 0 ? `SELECT * FROM w${returning}` : 'SELECT 1';
  return { text: `WITH ${ctes.join(',\n')}\n${select}`, params };
}
