import { RandomSource } from '@casino/cards';
import { DUEL_OUTCOMES, DuelOutcome, exactDuelReturns, ratioToNumber } from './exact';
import { DuelGameRules, duelReturnTimesTwo } from './pay-table';
import { DuelShoeRunner } from './shoe-runner';

export interface SimulatedDuelBet {
  /** Mean returned per unit staked over the simulated rounds. */
  measured: number;
  ciLow: number;
  ciHigh: number;
  exact: number;
  exactWithinCi: boolean;
}

export interface DuelSimulationReport<K extends string = string> {
  game: string;
  decks: number;
  rounds: number;
  /** `crypto` (node:crypto, the live tables' source) or the seed of a repeatable run. */
  source: string;
  shoes: number;
  frequencies: Record<DuelOutcome, number>;
  bets: Record<K, SimulatedDuelBet>;
}

/** z for a two-sided 95% normal interval. */
const Z95 = 1.959964;

/**
 * Plays `rounds` rounds through real shoes (burn, cut card, last round, new shoe) with one unit on every bet each
 * round, and compares each bet's mean return with the exact one. Rounds of one shoe are slightly dependent, so the
 * normal interval is an approximation.
 */
export function simulateDuel<K extends string>(
  rules: DuelGameRules<K>,
  rounds: number,
  random: RandomSource,
  source: string,
): DuelSimulationReport<K> {
  if (!Number.isSafeInteger(rounds) || rounds < 2) {
    throw new RangeError(`rounds must be an integer >= 2, got ${rounds}`);
  }
  const runner = new DuelShoeRunner(rules.decks, rules.ace, random);
  const keys = rules.betKeys;
  // Per outcome, each bet's return per unit (a tie's half stake is 0.5: the exact figure does not round).
  const perUnit = DUEL_OUTCOMES.map((outcome) =>
    keys.map(
      (k) =>
        Number(
          duelReturnTimesTwo(rules.payTable[k], {
            winner: outcome === 'suitedTie' ? 'tie' : outcome,
            suited: outcome === 'suitedTie',
          }),
        ) / 2,
    ),
  );
  const seen = new Float64Array(DUEL_OUTCOMES.length);
  for (let i = 0; i < rounds; i++) {
    const round = runner.nextRound();
    seen[round.suited ? 3 : round.winner === 'first' ? 0 : round.winner === 'second' ? 1 : 2]++;
  }
  const exact = exactDuelReturns(rules);
  const bets = {} as Record<K, SimulatedDuelBet>;
  keys.forEach((key, i) => {
    let sum = 0;
    let squares = 0;
    DUEL_OUTCOMES.forEach((_, o) => {
      sum += seen[o] * perUnit[o][i];
      squares += seen[o] * perUnit[o][i] * perUnit[o][i];
    });
    const mean = sum / rounds;
    const variance = Math.max(0, (squares - rounds * mean * mean) / (rounds - 1));
    const half = Z95 * Math.sqrt(variance / rounds);
    const expected = ratioToNumber(exact.bets[key].rtp);
    bets[key] = {
      measured: mean,
      ciLow: mean - half,
      ciHigh: mean + half,
      exact: expected,
      exactWithinCi: expected >= mean - half && expected <= mean + half,
    };
  });
  const frequencies = Object.fromEntries(DUEL_OUTCOMES.map((o, i) => [o, seen[i] / rounds])) as Record<
    DuelOutcome,
    number
  >;
  return { game: rules.id, decks: rules.decks, rounds, source, shoes: runner.shoesUsed, frequencies, bets };
}
