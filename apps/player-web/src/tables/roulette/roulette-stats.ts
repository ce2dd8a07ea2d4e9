import { pocketColour } from '@packages/roulette/src/wheel';

export interface RouletteStats {
  count: number;
  /** The most frequent pockets, most first (ties: the most recent first). */
  hot: number[];
  /** The least frequent, least first. */
  cold: number[];
  red: number;
  black: number;
  zero: number;
  odd: number;
  even: number;
  low: number;
  high: number;
  dozens: [number, number, number];
}

/** A share in the locale, whole percent: 0.92 → "92%" ("%۹۲" in Persian). */
export function formatPercent(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(value);
}

/** Statistics over the last pockets (oldest first), as fractions of the count. */
export function rouletteStats(pockets: readonly number[], top = 5): RouletteStats {
  const hits = new Array<number>(37).fill(0);
  const lastSeen = new Array<number>(37).fill(-1);
  pockets.forEach((p, i) => {
    hits[p]++;
    lastSeen[p] = i;
  });
  const order = [...hits.keys()];
  const hot = [...order].sort((a, b) => hits[b] - hits[a] || lastSeen[b] - lastSeen[a]).slice(0, top);
  const cold = [...order].sort((a, b) => hits[a] - hits[b] || lastSeen[a] - lastSeen[b]).slice(0, top);
  const n = pockets.length || 1;
  const share = (test: (p: number) => boolean) => pockets.filter(test).length / n;
  return {
    count: pockets.length,
    hot,
    cold,
    red: share((p) => pocketColour(p) === 'red'),
    black: share((p) => pocketColour(p) === 'black'),
    zero: share((p) => p === 0),
    odd: share((p) => p > 0 && p % 2 === 1),
    even: share((p) => p > 0 && p % 2 === 0),
    low: share((p) => p >= 1 && p <= 18),
    high: share((p) => p >= 19),
    dozens: [share((p) => p >= 1 && p <= 12), share((p) => p >= 13 && p <= 24), share((p) => p >= 25)],
  };
}
