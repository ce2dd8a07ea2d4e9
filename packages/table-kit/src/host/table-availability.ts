/**
 * Why a table is paused. `moving`: its instance is shutting down (a rolling restart, docs/services.md "Draining");
 * bets are refused, the bets already sent are decided, then another instance takes the table. `database`: its
 * last step could not be saved; nothing moves until a save succeeds.
 * `kafka`: its events wait in the outbox; `ledger`: bets go undecided. For these two the round in play goes on
 * and no new round opens until the dependency is back.
 */
export type PauseReason = 'moving' | 'database' | 'kafka' | 'ledger';

/** What players see of a table's dependencies (`table:status`, the table's row in GET /tables). */
export interface TableAvailability {
  status: 'running' | 'paused';
  pausedFor: PauseReason[];
  /** When the current pause began (ms since the epoch). */
  pausedSince?: number;
  message?: string;
}

const MESSAGES: Record<PauseReason, string> = {
  moving: 'the table is moving to another server: reconnect and bet again in a moment',
  database: 'the table is paused: its state cannot be saved; it resumes by itself',
  kafka: 'no new round opens until the message broker is reachable again',
  ledger: 'bets cannot be confirmed: no new round opens until the ledger answers again',
};

export const PAUSE_REASONS: readonly PauseReason[] = ['moving', 'database', 'kafka', 'ledger'];

/** The availability players see for a set of reasons (the first, most severe reason's message). */
export function availabilityOf(
  reasons: ReadonlySet<PauseReason>,
  since: number | undefined,
): TableAvailability {
  const pausedFor = PAUSE_REASONS.filter((r) => reasons.has(r));
  if (pausedFor.length === 0) return { status: 'running', pausedFor };
  return { status: 'paused', pausedFor, pausedSince: since, message: MESSAGES[pausedFor[0]] };
}
