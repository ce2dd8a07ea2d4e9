import { createShoe, seededRandom } from '@casino/cards';
import { DEFAULT_RULES, resolveRules } from '../core/rules';
import { FastBlackjackSimulator } from './fast-sim';

export interface BlackjackBenchOptions {
  /** Measuring time in milliseconds (after a short warm-up). Default 1000. */
  durationMs?: number;
}

export interface BlackjackBenchResult {
  /** Initial hands per second with basic strategy on one core, one seat, shoe shuffles included. */
  blackjackHandsPerSec: number;
}

/** Basic-strategy hands per second through real shuffled 8-deck shoes (the simulator behind `rtp`). */
export function benchBlackjack(opts: BlackjackBenchOptions = {}): BlackjackBenchResult {
  const durationMs = opts.durationMs ?? 1000;
  const rules = resolveRules(DEFAULT_RULES);
  const random = seededRandom('blackjack-bench');
  const sim = new FastBlackjackSimulator(rules, 1);
  const playShoe = (): void => {
    const shoe = createShoe({ decks: rules.decks, cutCard: rules.cutCard }, random);
    while (!shoe.cutCardReached) sim.playRound(shoe);
  };
  for (let i = 0; i < 500; i++) playShoe(); // warm-up: let the JIT optimise the hot path
  const before = sim.totals.initialHands;
  const start = process.hrtime.bigint();
  const deadline = start + BigInt(durationMs) * 1_000_000n;
  let now = start;
  while (now < deadline) {
    for (let i = 0; i < 50; i++) playShoe();
    now = process.hrtime.bigint();
  }
  const seconds = Number(now - start) / 1e9;
  return { blackjackHandsPerSec: Math.round((sim.totals.initialHands - before) / seconds) };
}
