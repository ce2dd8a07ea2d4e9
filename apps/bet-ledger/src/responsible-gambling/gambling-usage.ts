import { Statement } from '../database/write.batch';
import { EndOfTransactionRegistry, endOfTransactionKind } from '../transaction/end-of-transaction';
import { periodStarts } from './gambling-periods';

/** A change of one player wallet's running figures (ledger_gambling_usage). */
export interface GamblingUsageDelta {
  /** The player's wallet in the bets' currency: the row's key. */
  accountId: string;
  /** Accepted stakes, less cancelled ones: the current day's and week's wager. */
  wagered: bigint;
  /** Stakes less returns of bets settled now: the current day's and week's net loss. */
  netLoss: bigint;
  /** Stakes accepted (+) and settled, refunded or cancelled (−): the stakes still open. */
  open: bigint;
}

/**
 * The changes one transaction makes to the players' responsible-gambling figures, summed per wallet and written
 * in one statement at its end (TransactionRunner, as the end writer GAMBLING_USAGE), after the journal's postings. So every transaction locks
 * these rows last and in key order (no deadlock with the wallets locked before them), holds them only until its
 * commit, and writes each row at most once (a statement cannot update a row twice). Deltas count in the UTC day
 * and week of `at`; a row still holding an older period starts the new one from zero.
 */
export class GamblingUsageChanges {
  private readonly deltas = new Map<string, GamblingUsageDelta>();

  /** `at`: the transaction's time (ISO), which also decides the limits in force and the periods read. */
  constructor(readonly at: string) {}

  add(accountId: string, wagered: bigint, netLoss: bigint, open: bigint): void {
    const sum = this.deltas.get(accountId);
    if (sum) {
      sum.wagered += wagered;
      sum.netLoss += netLoss;
      sum.open += open;
    } else this.deltas.set(accountId, { accountId, wagered, netLoss, open });
  }

  /** The upsert of every changed row, in key order; undefined when nothing changed. */
  statement(): Statement | undefined {
    const rows = [...this.deltas.values()].filter(
      (d) => d.wagered !== 0n || d.netLoss !== 0n || d.open !== 0n,
    );
    if (rows.length === 0) return undefined;
    const { day, week } = periodStarts(this.at);
    // A row of an older period starts the new one from the delta; a row already in a later period (a transaction
    // timed just before midnight, committing after one timed after it) keeps its figures: the delta belonged to
    // a period that is over.
    const period = (start: string, column: string) =>
      `${column} = CASE WHEN u.${start} = EXCLUDED.${start} THEN u.${column} + EXCLUDED.${column}
                      WHEN u.${start} < EXCLUDED.${start} THEN EXCLUDED.${column} ELSE u.${column} END`;
    return {
      text: `INSERT INTO ledger_gambling_usage AS u (account_id, open_stake,
           day_start, day_wagered, day_net_loss, week_start, week_wagered, week_net_loss)
         SELECT d.a, d.open, $5::timestamptz, d.w, d.l, $6::timestamptz, d.w, d.l
           FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[]) AS d(a, w, l, open)
           ORDER BY d.a
         ON CONFLICT (account_id) DO UPDATE SET
           open_stake = u.open_stake + EXCLUDED.open_stake,
           ${period('day_start', 'day_wagered')}, ${period('day_start', 'day_net_loss')},
           day_start = greatest(u.day_start, EXCLUDED.day_start),
           ${period('week_start', 'week_wagered')}, ${period('week_start', 'week_net_loss')},
           week_start = greatest(u.week_start, EXCLUDED.week_start)`,
      params: [
        rows.map((d) => d.accountId),
        rows.map((d) => d.wagered.toString()),
        rows.map((d) => d.netLoss.toString()),
        rows.map((d) => d.open.toString()),
        day,
        week,
      ],
    };
  }
}

/** What bets and settlements add the players' gambling figures to: `ctx.final.of(GAMBLING_USAGE)`. */
export const GAMBLING_USAGE = endOfTransactionKind<GamblingUsageChanges>('gambling-usage');

/** Registers the gambling usage as an end-of-transaction writer: the last rows a transaction writes. */
export function registerGamblingUsage(registry: EndOfTransactionRegistry): void {
  registry.register({ kind: GAMBLING_USAGE, order: 20, create: (at) => new GamblingUsageChanges(at) });
}
