import { PlatformCall } from './platform-calls';

/** One line of an operator's statement file (CSV `transactionId,type,amount,currency,status`). */
export interface StatementLine {
  transactionId: string;
  type: string;
  amount: bigint;
  currency: string;
  status: string;
}

export class StatementFormatError extends Error {
  readonly code = 'STATEMENT_INVALID';
}

const HEADER = ['transactionId', 'type', 'amount', 'currency', 'status'];
const MINOR = /^(0|[1-9][0-9]{0,18})$/;

/** Parses a statement file: the header line, then one call per line; any malformed line is refused by number. */
export function parseStatement(text: string): StatementLine[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const header = lines
    .shift()
    ?.split(',')
    .map((h) => h.trim());
  if (!header || header.join(',') !== HEADER.join(','))
    throw new StatementFormatError(`the first line must be ${HEADER.join(',')}`);
  return lines.map((line, i) => {
    const f = line.split(',').map((x) => x.trim());
    if (f.length !== 5 || !f[0] || !MINOR.test(f[2]) || !/^[A-Z]{3}$/.test(f[3]))
      throw new StatementFormatError(`line ${i + 2}: expected transactionId,type,amount,currency,status`);
    return { transactionId: f[0], type: f[1], amount: BigInt(f[2]), currency: f[3], status: f[4] };
  });
}

export interface Reconciliation {
  matched: number;
  /** On the platform's side only. */
  missingAtOperator: PlatformCall[];
  /** In the statement only. */
  missingOnPlatform: StatementLine[];
  /** On both sides, with a different type, amount, currency or outcome. */
  mismatches: { transactionId: string; platform: string; operator: string }[];
}

/**
 * Compares the platform's calls of a day with the operator's statement, by transaction id. A rollback's amount is
 * not compared (the platform cannot know whether its debit moved money), nor that of a debit both sides say was
 * refused (it moved none: an operator may book it at 0 or at the amount asked); a call the platform is still retrying
 * counts as matched only if the operator shows it confirmed (the retry will be answered as the first try was).
 */
export function reconcile(
  platform: readonly PlatformCall[],
  statement: readonly StatementLine[],
): Reconciliation {
  const theirs = new Map(statement.map((l) => [l.transactionId, l]));
  const out: Reconciliation = { matched: 0, missingAtOperator: [], missingOnPlatform: [], mismatches: [] };
  const ours = new Set<string>();
  for (const p of platform) {
    ours.add(p.transactionId);
    const t = theirs.get(p.transactionId);
    if (!t) {
      // A debit rolled back before it reached the operator left nothing there to show.
      if (!(p.type === 'debit' && p.state === 'rolled_back')) out.missingAtOperator.push(p);
      continue;
    }
    const outcome = p.state === 'retrying' && t.status === 'confirmed' ? 'confirmed' : p.state;
    const differs =
      t.type !== p.type ||
      t.currency !== p.currency ||
      (p.type !== 'rollback' &&
        !(p.state === 'refused' && t.status === 'refused') &&
        t.amount !== p.amount) ||
      t.status !== outcome;
    if (differs)
      out.mismatches.push({
        transactionId: p.transactionId,
        platform: `${p.type} ${p.amount} ${p.currency} ${p.state}`,
        operator: `${t.type} ${t.amount} ${t.currency} ${t.status}`,
      });
    else out.matched++;
  }
  for (const t of statement) if (!ours.has(t.transactionId)) out.missingOnPlatform.push(t);
  return out;
}

export const isClean = (r: Reconciliation) =>
  r.missingAtOperator.length === 0 && r.missingOnPlatform.length === 0 && r.mismatches.length === 0;
