import { performance } from 'node:perf_hooks';
import { Query } from './bench-cpu';
import { sleep } from './bench-options';

/** How long the ledger's sessions spent waiting on locks over one phase, by sampling. */
export interface LockWaitShare {
  /** Lock samples ÷ in-transaction samples. */
  share: number;
  lockSamples: number;
  inTransactionSamples: number;
  /** Sweeps of pg_stat_activity, and their mean period. */
  sweeps: number;
  periodMs: number;
  /** The in-transaction samples by wait event (`type:event`; `none`: running), the most frequent first. */
  waitEvents: Record<string, number>;
  /** The lock samples by the relation waited on (`?`: none found), the most frequent first. */
  lockRelations: Record<string, number>;
}

interface Row {
  wait: string;
  relation: string | null;
}

/** Wait events kept in the figures: the rest are summed as `other`. */
const TOP_EVENTS = 6;

/**
 * The ledger sessions' lock-wait share of their transaction time (issue 44: instances meet on the same rows):
 * pg_stat_activity of the bench database is read every ~PERIOD_MS for the sessions named `bet-ledger` (every
 * instance's), on the bench's own probe connection. A session is in a transaction when `xact_start` is set (active,
 * or idle in transaction while the ledger computes) and waits on a lock when, besides, `wait_event_type = 'Lock'`.
 * The relation of a lock wait is that of its ungranted lock, or, for a row lock (an ungranted `transactionid`, which
 * names no relation), that of the tuple lock the waiter holds; the later waiters on a row wait on that tuple lock.
 * Where neither is found (the lock was granted between the two reads, or a wait on an uncommitted insert of the
 * same key, which holds no tuple lock), the first table its statement names, marked `(statement)`.
 */
export class LockWaitSampler {
  private running = false;
  private loop?: Promise<void>;
  private rows: Row[] = [];
  private sweeps = 0;
  private startedAt = 0;

  constructor(
    private readonly query: Query,
    private readonly database: string,
    private readonly periodMs = 8,
  ) {}

  start(): void {
    this.rows = [];
    this.sweeps = 0;
    this.running = true;
    this.startedAt = performance.now();
    // Kept until stop() awaits it: a failed sample must not be an unhandled rejection meanwhile.
    this.loop = this.run();
    this.loop.catch(() => undefined);
  }

  async stop(): Promise<LockWaitShare> {
    this.running = false;
    await this.loop;
    const elapsed = performance.now() - this.startedAt;
    const lock = this.rows.filter((r) => r.wait.startsWith('Lock:'));
    return {
      share: Number((lock.length / Math.max(1, this.rows.length)).toFixed(3)),
      lockSamples: lock.length,
      inTransactionSamples: this.rows.length,
      sweeps: this.sweeps,
      periodMs: Number((elapsed / Math.max(1, this.sweeps)).toFixed(1)),
      waitEvents: countTop(
        this.rows.map((r) => r.wait),
        TOP_EVENTS,
      ),
      lockRelations: countTop(
        lock.map((r) => r.relation ?? '?'),
        Infinity,
      ),
    };
  }

  private async run(): Promise<void> {
    while (this.running) {
      const began = performance.now();
      this.rows.push(...(await this.sample()));
      this.sweeps++;
      await sleep(Math.max(0, this.periodMs - (performance.now() - began)));
    }
  }

  private sample(): Promise<Row[]> {
    // The relation is looked up for lock waiters only (CASE evaluates its subquery only when it applies).
    return this.query<Row>(
      `SELECT coalesce(a.wait_event_type || ':' || a.wait_event, 'none') AS wait,
              CASE WHEN a.wait_event_type = 'Lock' THEN coalesce((
                SELECT c.relname::text FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
                 WHERE l.pid = a.pid AND (NOT l.granted OR l.locktype = 'tuple')
                 ORDER BY l.granted LIMIT 1),
                substring(a.query from '(?i)(?:update|into|from)\\s+"?(\\w+)') || ' (statement)')
              END AS relation
         FROM pg_stat_activity a
        WHERE a.datname = $1 AND a.application_name = 'bet-ledger' AND a.xact_start IS NOT NULL`,
      [this.database],
      // Prepared: ~0.12 ms of its backend's CPU a sweep instead of ~0.75 ms parsed and planned each time.
      'bench-lock-wait-sample',
    );
  }
}

/** Counts of each value, the most frequent first; beyond `top`, summed as `other`. */
function countTop(values: readonly string[], top: number): Record<string, number> {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const sorted = [...counts].sort((a, b) => b[1] - a[1]);
  const out = Object.fromEntries(sorted.slice(0, top));
  const rest = sorted.slice(top).reduce((sum, [, n]) => sum + n, 0);
  return rest > 0 ? { ...out, other: rest } : out;
}

/** One line for the bench's progress output. */
export function describeLockWait(phase: string, w: LockWaitShare): string {
  const top = Object.entries(w.waitEvents)
    .slice(0, 4)
    .map(([event, n]) => `${event} ${Math.round((100 * n) / Math.max(1, w.inTransactionSamples))}%`);
  const on = Object.entries(w.lockRelations)
    .map(([rel, n]) => `${rel} ${n}`)
    .join(', ');
  return (
    `${phase} lock waits: ${(w.share * 100).toFixed(1)}% of the ledger sessions' in-transaction samples ` +
    `(${w.lockSamples}/${w.inTransactionSamples}, ${w.sweeps} sweeps every ${w.periodMs} ms); ${top.join(', ')}` +
    (on ? `; waiting on ${on}` : '')
  );
}
