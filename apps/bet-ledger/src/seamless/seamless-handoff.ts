import type { PlaceBetEvent } from '@casino/events';

/**
 * The bets the intake handed over in memory to one operator's pump, already claimed for this process (see
 * seamless-signal.ts), waiting for a free slot. A handed-over bet goes ahead of the operator's bets in PostgreSQL,
 * so none is handed over while some wait there (`backlog`, until a claim finds fewer than it asked for): they
 * keep their turn. One that waited past half its lease is dropped, to be claimed again once the lease lapses, so
 * no other instance can take it while this one works on it.
 */
export class HandedBets {
  private readonly queue: { bet: PlaceBetEvent; at: number }[] = [];
  private backlog = false;

  constructor(
    private readonly leaseMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.queue.length;
  }

  /** How many of `wanted` new bets are handed over, given the pump's `free` slots; the rest wait in PostgreSQL. */
  room(wanted: number, free: number): number {
    const n = this.backlog ? 0 : Math.max(0, Math.min(wanted, free - this.queue.length));
    if (n < wanted) this.backlog = true;
    return n;
  }

  push(bets: readonly PlaceBetEvent[]): void {
    const at = this.now();
    for (const bet of bets) this.queue.push({ bet, at });
  }

  /** The next bet to start, stale ones dropped; undefined when none is left. */
  next(): PlaceBetEvent | undefined {
    const fresh = this.now() - this.leaseMs / 2;
    for (let h = this.queue.shift(); h; h = this.queue.shift()) if (h.at >= fresh) return h.bet;
    return undefined;
  }

  /** A claim of the operator's due bets found `found` of the `asked`: fewer, and none is left waiting there. */
  claimed(found: number, asked: number): void {
    if (found < asked) this.backlog = false;
  }

  /** Empties the queue; the ids of the bets it held. */
  drain(): string[] {
    return this.queue.splice(0).map((h) => h.bet.id);
  }
}
