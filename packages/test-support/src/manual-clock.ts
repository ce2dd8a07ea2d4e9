/**
 * A clock whose time moves only when told: `advance(ms)` fires every timer due by then, in order. It has the shape
 * of table-kit's `Clock` port (now, setTimer → cancel) without importing it, so that table-kit's own specs can use
 * it without a package cycle.
 */
export class ManualClock {
  private time: number;
  private seq = 0;
  private readonly timers = new Map<number, { at: number; fire: () => void }>();

  constructor(start = 0) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimer(ms: number, fire: () => void): { cancel(): void } {
    const id = ++this.seq;
    this.timers.set(id, { at: this.time + ms, fire });
    return { cancel: () => this.timers.delete(id) };
  }

  advance(ms: number): void {
    const until = this.time + ms;
    for (;;) {
      let next: [number, { at: number; fire: () => void }] | undefined;
      for (const entry of this.timers)
        if (entry[1].at <= until && (!next || entry[1].at < next[1].at)) next = entry;
      if (!next) break;
      this.timers.delete(next[0]);
      this.time = next[1].at;
      next[1].fire();
    }
    this.time = until;
  }
}
