import { randomInt, seededRandom } from '@casino/cards';
import { allBets } from './enumerate';
import { settleBet } from './settle';
import { POCKET_COUNT } from './wheel';

export interface RouletteBenchOptions {
  /** Measuring time in milliseconds (after a short warm-up). Default 1000. */
  durationMs?: number;
}

export interface RouletteBenchResult {
  rouletteBetsPerSec: number;
}

const POCKET_SAMPLES = 4096;

/**
 * Bets settled per second: every valid bet (157, all types) settled with `settleBet` against pre-drawn random
 * pockets. Validation and drawing are outside the timed loop, as in a live spin where bets were validated on
 * placement and one pocket settles them all.
 */
export function benchRoulette(opts: RouletteBenchOptions = {}): RouletteBenchResult {
  const durationMs = opts.durationMs ?? 1000;
  const bets = allBets();
  const stakes = bets.map((_, i) => BigInt(100 + i));
  const random = seededRandom('roulette-bench');
  const pockets = Array.from({ length: POCKET_SAMPLES }, () => randomInt(random, POCKET_COUNT));

  let sink = 0n;
  const runSpins = (spins: number, offset: number): void => {
    for (let s = 0; s < spins; s++) {
      const pocket = pockets[(offset + s) % POCKET_SAMPLES];
      for (let b = 0; b < bets.length; b++) sink += settleBet(bets[b], stakes[b], pocket).returned;
    }
  };

  runSpins(2000, 0); // warm-up: let the JIT optimise the hot path
  let settled = 0;
  let spins = 0;
  const start = process.hrtime.bigint();
  const deadline = start + BigInt(durationMs) * 1_000_000n;
  let now = start;
  while (now < deadline) {
    runSpins(200, spins);
    spins += 200;
    settled += 200 * bets.length;
    now = process.hrtime.bigint();
  }
  if (sink < 0n) throw new Error('unreachable: keeps the settlement results observable');
  const seconds = Number(now - start) / 1e9;
  return { rouletteBetsPerSec: Math.round(settled / seconds) };
}
