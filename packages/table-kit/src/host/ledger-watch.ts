import { CasinoEvent } from '@casino/events';

/**
 * At most this many commands are watched per table (the oldest are dropped first). A round of ten thousand
 * players holds tens of thousands of commands at its close, and a dropped one would let the table deal before
 * its decision: the bound only keeps a table whose ledger is gone for good from growing without end (the table
 * refuses bets while the ledger is unreachable, so it is not reached in play).
 */
const MAX_WATCHED = 500_000;

/** The live commands of one round, for its checks at the close without scanning the table's other commands. */
interface RoundCommands {
  live: number;
  /** Ids in the order they were sent; an answered id stays until it reaches the end (see `lastSentIn`). */
  ids: string[];
}

/**
 * The bet commands a table sent and the ledger has not answered yet. The ledger counts as unreachable when a
 * command has waited `timeoutMs` and nothing has come from the ledger for `timeoutMs`; a ledger that answers
 * other commands meanwhile is only behind (catching up).
 *
 * Commands are kept in the order they were sent, which is the order of their send times (the host's clock, read
 * once per step), so each question looks at the oldest or the newest commands only: a table checks after every
 * step, and at a busy close tens of thousands of commands wait.
 */
export class LedgerWatch {
  /** Send time by command id, oldest first. */
  private readonly outstanding = new Map<string, { roundId: string; sentAt: number }>();
  private readonly rounds = new Map<string, RoundCommands>();
  private heardAt = Number.NEGATIVE_INFINITY;

  constructor(readonly timeoutMs: number) {}

  /** How many commands wait for their answer (a draining instance waits for none to be left). */
  get waiting(): number {
    return this.outstanding.size;
  }

  /** A step published `event`; a bet command (each bet of a slip) is watched from `at`. */
  sent(event: CasinoEvent, at: number): void {
    if (event.type === 'PlaceBets') {
      for (const bet of event.bets) this.watch(bet.commandId, event.roundId, at);
      return;
    }
    if (event.type !== 'PlaceBet' && event.type !== 'CancelBet') return;
    this.watch(event.id, event.roundId, at);
  }

  private watch(commandId: string, roundId: string, at: number): void {
    // Sent again (after a restart): watched from now, at the end of the order.
    this.forget(commandId);
    this.outstanding.set(commandId, { roundId, sentAt: at });
    let round = this.rounds.get(roundId);
    if (!round) this.rounds.set(roundId, (round = { live: 0, ids: [] }));
    round.live++;
    round.ids.push(commandId);
    if (this.outstanding.size > MAX_WATCHED) {
      const oldest = this.outstanding.keys().next();
      if (!oldest.done) this.forget(oldest.value);
    }
  }

  /** An event from the ledger for this table; a decision answers its command (true when it was waiting). */
  heard(event: CasinoEvent, at: number): boolean {
    this.heardAt = Math.max(this.heardAt, at);
    if (!('commandId' in event) || typeof event.commandId !== 'string') return false;
    return this.forget(event.commandId);
  }

  /** Whether a command of the round still waits for its answer. */
  pendingIn(roundId: string): boolean {
    return this.rounds.has(roundId);
  }

  /** Whether every waiting command of the round has waited its full time. */
  dueIn(roundId: string, now: number): boolean {
    const newest = this.lastSentIn(roundId);
    return newest !== undefined && newest + this.timeoutMs <= now;
  }

  /**
   * A command is overdue and the ledger has said nothing for a whole timeout: silent, not just behind (a ledger
   * working through a burst answers other commands meanwhile, and the table waits for it, see catchingUp).
   */
  unreachable(now: number): boolean {
    const oldest = this.oldest();
    return (
      oldest !== undefined && oldest.sentAt + this.timeoutMs <= now && this.heardAt + this.timeoutMs <= now
    );
  }

  /**
   * The ledger spoke again after being unreachable and overdue commands are still unanswered: it is working
   * through what waited (for at most `timeoutMs` after it spoke), so the table waits for their answers.
   */
  catchingUp(now: number): boolean {
    if (now >= this.heardAt + this.timeoutMs) return false;
    const oldest = this.oldest();
    return oldest !== undefined && oldest.sentAt + this.timeoutMs <= this.heardAt;
  }

  /** The next moment the answers above change: a waiting command falls due, or the ledger's silence does. */
  nextCheck(now: number): number | undefined {
    if (this.outstanding.size === 0) return undefined;
    // A catch-up ends, or a silence becomes unreachable, a timeout after the ledger last spoke.
    const silence = this.heardAt + this.timeoutMs;
    let next = silence > now ? silence : undefined;
    for (const o of this.outstanding.values()) {
      const due = o.sentAt + this.timeoutMs;
      if (due <= now) continue;
      if (next === undefined || due < next) next = due;
      break;
    }
    return next;
  }

  private oldest(): { sentAt: number } | undefined {
    const first = this.outstanding.values().next();
    return first.done ? undefined : first.value;
  }

  /** When the round's newest waiting command was sent, if one waits (answered ones at the end are let go). */
  lastSentIn(roundId: string): number | undefined {
    const round = this.rounds.get(roundId);
    if (!round) return undefined;
    for (;;) {
      const id = round.ids[round.ids.length - 1];
      const o = id === undefined ? undefined : this.outstanding.get(id);
      if (o?.roundId === roundId) return o.sentAt;
      if (id === undefined) return undefined;
      round.ids.pop();
    }
  }

  /** Stops watching a command; true when it was watched. */
  private forget(commandId: string): boolean {
    const o = this.outstanding.get(commandId);
    if (!o) return false;
    this.outstanding.delete(commandId);
    const round = this.rounds.get(o.roundId);
    if (round && --round.live === 0) this.rounds.delete(o.roundId);
    return true;
  }
}
