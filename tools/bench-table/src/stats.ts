/** Nearest-rank percentile of sorted values (0 for none). */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export interface Spread {
  p50: number;
  p99: number;
  max: number;
  count: number;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** p50 / p99 / max of a list of milliseconds, to a tenth. */
export function spread(values: readonly number[] | Float64Array): Spread {
  const sorted = Float64Array.from(values).sort();
  return {
    p50: round1(percentile(sorted, 50)),
    p99: round1(percentile(sorted, 99)),
    max: round1(sorted.length ? sorted[sorted.length - 1] : 0),
    count: sorted.length,
  };
}

/** The most events in any one-second bucket (ms since the epoch). */
export function peakPerSecond(times: readonly number[]): number {
  const buckets = new Map<number, number>();
  for (const t of times) {
    const s = Math.floor(t / 1000);
    buckets.set(s, (buckets.get(s) ?? 0) + 1);
  }
  let peak = 0;
  for (const n of buckets.values()) peak = Math.max(peak, n);
  return peak;
}

/** Adds counts by key into `into`. */
export function addCounts(into: Record<string, number>, from: Record<string, number>): void {
  for (const [k, n] of Object.entries(from)) into[k] = (into[k] ?? 0) + n;
}
