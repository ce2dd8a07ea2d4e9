import { CasinoEvent } from '@casino/events';

interface Outstanding {
  roundId: string;
  sentAt: number;
}

/** At most this many commands are watched per table (the oldest are dropped first). */
const MAX_WATCHED = 10_000;

/**
 * The bet commands a table sent and the ledger has not answered yet. The ledger counts as unreachable when a
 * command has waited `timeoutMs` and nothing came from the ledger since it fell due; a ledger that answers
 * other commands meanwhile is only slow for that one.
 */
export class LedgerWatch {
  private readonly outstanding = new Map<string, Outstanding>();
  private heardAt = Number.NEGATIVE_INFINITY;

  constructor(readonly timeoutMs: number) {}

  /** A step published `event`; a bet command is watched from `at`. */
  sent(event: CasinoEvent, at: number): void {
    if (event.type !== 'PlaceBet' && event.type !== 'CancelBet') return;
    this.outstanding.set(event.id, { roundId: event.roundId, sentAt: at });
    if (this.outstanding.size > MAX_WATCHED) {
      const oldest = this.outstanding.keys().next();
      if (!oldest.done) this.outstanding.delete(oldest.value);
    }
  }

  /** An event from the ledger for this table; a decision answers its command (true when it was waiting). */
  heard(event: CasinoEvent, at: number): boolean {
    this.heardAt = Math.max(this.heardAt, at);
    if (!('commandId' in event) || typeof event.commandId !== 'string') return false;
    return this.outstanding.delete(event.commandId);
  }

  /** Whether a command of the round still waits for its answer. */
  pendingIn(roundId: string): boolean {
    for (const o of this.outstanding.values()) if (o.roundId === roundId) return true;
    return false;
  }

  /** Whether every waiting command of the round has waited its full time. */
  dueIn(roundId: string, now: number): boolean {
    let any = false;
    for (const o of this.outstanding.values()) {
      if (o.roundId !== roundId) continue;
      if (o.sentAt + this.timeoutMs > now) return false;
      any = true;
    }
    return any;
  }

  /** A command is overdue and the ledger has said nothing since it fell due. */
  unreachable(now: number): boolean {
    for (const o of this.outstanding.values()) {
      const due = o.sentAt + this.timeoutMs;
      if (due <= now && this.heardAt < due) return true;
    }
    return false;
  }

  /**
   * The ledger spoke again after being unreachable and overdue commands are still unanswered: it is working
   * through what waited (for at most `timeoutMs` after it spoke), so the table waits for their answers.
   */
  catchingUp(now: number): boolean {
    if (now >= this.heardAt + this.timeoutMs) return false;
    for (const o of this.outstanding.values()) if (o.sentAt + this.timeoutMs <= this.heardAt) return true;
    return false;
  }

  /** The next moment the answers above change: a waiting command falls due, or a catch-up ends. */
  nextCheck(now: number): number | undefined {
    let next = this.catchingUp(now) ? this.heardAt + this.timeoutMs : undefined;
    for (const o of this.outstanding.values()) {
      const due = o.sentAt + this.timeoutMs;
      if (due > now && (next === undefined || due < next)) next = due;
    }
    return next;
  }
}
