import { BaccaratResult, RouletteResult } from './service-tables';

/** Roulette pockets the lobby keeps per table (the statistics' window). */
export const ROULETTE_HISTORY = 100;
/** Most baccarat results kept for one shoe (an 8-deck shoe deals about 80 rounds). */
export const BACCARAT_SHOE_HISTORY = 120;

/**
 * Appends the entries of `recent` (a service's latest history, oldest first, overlapping what is known) that are
 * not known yet, matched by round id, and keeps the last `keep`.
 */
export function mergeHistory<T extends { roundId: string }>(
  known: readonly T[],
  recent: readonly T[],
  keep: number,
): T[] {
  const ids = new Set(known.map((k) => k.roundId));
  return [...known, ...recent.filter((r) => !ids.has(r.roundId))].slice(-keep);
}

/** A baccarat table's results of its current shoe. */
export interface ShoeResults {
  shoeId: string | null;
  results: BaccaratResult[];
}

/**
 * The current shoe's results after a poll. A new shoe id starts a new list, seeded with the results the table
 * says belong to it: round `number` is being played (or, in `result`, has just been added to the history), so
 * the shoe's results are the last `number - 1` (or `number`) of the history.
 */
export function nextShoeResults(
  previous: ShoeResults | undefined,
  shoeId: string | null,
  recent: readonly BaccaratResult[],
  roundNumber: number | undefined,
  phase: string | undefined,
): ShoeResults {
  const inShoe = (): BaccaratResult[] => {
    if (roundNumber === undefined) return [...recent];
    const count = Math.max(0, phase === 'result' ? roundNumber : roundNumber - 1);
    return count === 0 ? [] : recent.slice(-count);
  };
  if (!previous || previous.shoeId !== shoeId) {
    return { shoeId, results: inShoe().slice(-BACCARAT_SHOE_HISTORY) };
  }
  return { shoeId, results: mergeHistory(previous.results, recent, BACCARAT_SHOE_HISTORY) };
}

export function nextRouletteResults(
  previous: readonly RouletteResult[] | undefined,
  recent: readonly RouletteResult[],
): RouletteResult[] {
  return mergeHistory(previous ?? [], recent, ROULETTE_HISTORY);
}
