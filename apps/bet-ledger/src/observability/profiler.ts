import { performance } from 'node:perf_hooks';

/**
 * Where a batch's time goes, step by step, when the configuration's LEDGER_PROFILE is on (printed every 5 s; the
 * app factory switches it on); free otherwise.
 */
export class Profiler {
  enabled = false;
  private readonly totals = new Map<string, { ms: number; n: number; max: number }>();
  private lastPrint = performance.now();

  async time<T>(step: string, work: () => Promise<T>): Promise<T> {
    if (!this.enabled) return work();
    const t = performance.now();
    try {
      return await work();
    } finally {
      this.add(step, performance.now() - t);
    }
  }

  add(step: string, ms: number): void {
    const e = this.totals.get(step) ?? { ms: 0, n: 0, max: 0 };
    e.ms += ms;
    e.n++;
    e.max = Math.max(e.max, ms);
    this.totals.set(step, e);
    if (performance.now() - this.lastPrint > 5_000) this.print();
  }

  private print(): void {
    this.lastPrint = performance.now();
    const lines = [...this.totals].map(
      ([k, v]) =>
        `${k}: ${v.ms.toFixed(0)} ms / ${v.n} = ${(v.ms / v.n).toFixed(2)} (max ${v.max.toFixed(1)})`,
    );
    console.log(`[profile] ${lines.join(' | ')}`);
    this.totals.clear();
  }
}

export const profiler = new Profiler();
