/** z for a two-sided 95% normal interval. */
const Z95 = 1.959964;

/** A bet kind's measured mean return per unit staked over a simulation, beside its exact return. */
export interface MeasuredReturn {
  measured: number;
  ciLow: number;
  ciHigh: number;
  exact: number;
  exactWithinCi: boolean;
}

/**
 * Plays `rounds` independent rounds: `draw` gives a round's result (through the game's real source of randomness)
 * and `returnsOf` each key's return per unit staked on it, in the order of `keys`. The mean of each key with its
 * 95% normal interval, beside `exact[key]` (the simulations of `npm run sim`).
 */
export function measureReturns<R>(
  rounds: number,
  keys: readonly string[],
  exact: Readonly<Record<string, number>>,
  draw: () => R,
  returnsOf: (result: R) => ArrayLike<number>,
): Record<string, MeasuredReturn> {
  if (!Number.isSafeInteger(rounds) || rounds < 2) {
    throw new RangeError(`rounds must be an integer >= 2, got ${rounds}`);
  }
  const sums = new Float64Array(keys.length);
  const squares = new Float64Array(keys.length);
  for (let round = 0; round < rounds; round++) {
    const returns = returnsOf(draw());
    for (let i = 0; i < keys.length; i++) {
      sums[i] += returns[i];
      squares[i] += returns[i] * returns[i];
    }
  }
  return Object.fromEntries(
    keys.map((key, i) => {
      const mean = sums[i] / rounds;
      const variance = Math.max(0, (squares[i] - rounds * mean * mean) / (rounds - 1));
      const half = Z95 * Math.sqrt(variance / rounds);
      const expected = exact[key];
      const measured: MeasuredReturn = {
        measured: mean,
        ciLow: mean - half,
        ciHigh: mean + half,
        exact: expected,
        exactWithinCi: expected >= mean - half && expected <= mean + half,
      };
      return [key, measured];
    }),
  );
}
