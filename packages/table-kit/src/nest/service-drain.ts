/** What a draining instance drives: its tables (by runtime) and its outbox. */
export interface DrainParts {
  runtimes: readonly { beginMove(): void; settle(): Promise<void>; awaitingDecisions(): number }[];
  outbox: { flush(timeoutMs: number): Promise<boolean> };
  log(message: string): void;
}

export interface DrainPolicy {
  /** At most this long for the ledger's decisions of the bets already sent. */
  decisionsMs: number;
  /** At most this long to send what the outbox holds once the tables stopped. */
  outboxMs: number;
}

export interface DrainReport {
  /** Bet commands still undecided when the wait ended (their decisions reach the table's next holder). */
  undecided: number;
}

const POLL_MS = 25;

/**
 * The first half of a graceful stop (SIGTERM, a rolling restart; docs/services.md "Draining"): every table refuses
 * new bets (paused `moving`, its players told), and the decisions of the bets already sent are awaited so they reach
 * the players on this instance. The caller then stops the tables, flushes the outbox with `flushOutbox` and leaves
 * the consumer group, which hands the tables to another instance at once.
 */
export async function drainTables(parts: DrainParts, policy: DrainPolicy): Promise<DrainReport> {
  for (const runtime of parts.runtimes) runtime.beginMove();
  const until = Date.now() + policy.decisionsMs;
  // Bets queued before the move are applied first: their commands are then among those awaited.
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(parts.runtimes.map((r) => r.settle())),
    new Promise((r) => (timer = setTimeout(r, policy.decisionsMs))),
  ]);
  clearTimeout(timer);
  const undecided = () => parts.runtimes.reduce((n, r) => n + r.awaitingDecisions(), 0);
  while (undecided() > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, POLL_MS));
  const left = undecided();
  parts.log(
    left === 0
      ? 'draining: no new bets; every bet sent is decided'
      : `draining: no new bets; ${left} bet(s) still undecided after ${policy.decisionsMs} ms`,
  );
  return { undecided: left };
}

/** The second half: what the stopped tables committed is sent before their leases move. */
export async function flushOutbox(parts: DrainParts, policy: DrainPolicy): Promise<boolean> {
  const flushed = await parts.outbox.flush(policy.outboxMs);
  if (!flushed)
    parts.log(`draining: the outbox is not empty after ${policy.outboxMs} ms; the next holder sends it`);
  return flushed;
}
