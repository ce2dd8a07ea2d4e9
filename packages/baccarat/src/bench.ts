import { seededRandom } from '@casino/cards';
import { BACCARAT_BET_TYPES } from './bet-types';
import { exactBaccaratReturns, exactOutcomeCounts } from './exact';
import { FastSettler } from './fast-settle';
import { RoundState } from './round-state';
import { ShoeRunner } from './shoe-runner';
import { BaccaratVariant, defaultTableRules } from './table-rules';

export interface BaccaratBenchOptions {
  /** Timed rounds (default 2,000,000), after 200,000 warm-up rounds. */
  rounds?: number;
  variant?: BaccaratVariant;
  seed?: string | number;
  /** Runs of the exact 8-deck enumeration; the median is reported (default 3). */
  exactRuns?: number;
}

export interface BaccaratBenchResult {
  baccaratRoundsPerSec: number;
  baccaratExactMs: number;
}

/**
 * Single-thread throughput of deal + outcome + settlement of all eight bets (100 minor units each) from real
 * 8-deck shoes with burns and reshuffles, and the time of the exact 8-deck enumeration with its return table.
 */
export function benchBaccarat(options: BaccaratBenchOptions = {}): BaccaratBenchResult {
  const rounds = options.rounds ?? 2_000_000;
  const rules = defaultTableRules(options.variant ?? 'commission');
  const runner = new ShoeRunner(rules, seededRandom(options.seed ?? 'bench'));
  const settler = new FastSettler(rules.payTable);
  const state = new RoundState();
  const types = BACCARAT_BET_TYPES;

  const play = (count: number): number => {
    let returned = 0;
    for (let round = 0; round < count; round++) {
      runner.nextRound(state);
      for (let i = 0; i < types.length; i++) returned += settler.returned(types[i], state, 100);
    }
    return returned;
  };
  play(Math.min(200_000, rounds));
  const started = process.hrtime.bigint();
  const returned = play(rounds);
  const elapsedNs = Number(process.hrtime.bigint() - started);
  // Keep the result observable so the loop cannot be optimised away.
  if (returned < 0) throw new Error('unreachable');

  const exactTimes: number[] = [];
  for (let run = 0; run < Math.max(1, options.exactRuns ?? 3); run++) {
    const t0 = process.hrtime.bigint();
    exactBaccaratReturns(8, 'commission', 'commission', exactOutcomeCounts(8));
    exactTimes.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  exactTimes.sort((a, b) => a - b);
  return {
    baccaratRoundsPerSec: Math.round(rounds / (elapsedNs / 1e9)),
    baccaratExactMs: Number(exactTimes[Math.floor(exactTimes.length / 2)].toFixed(2)),
  };
}
