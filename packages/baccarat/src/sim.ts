import { RandomSource } from '@casino/cards';
import { BACCARAT_BET_TYPES, BaccaratBetType } from './bet-types';
import { exactBaccaratReturns } from './exact';
import { BaccaratWinner } from './outcome';
import { RoundState } from './round-state';
import { classifyBet, returnPerUnitTable } from './settle';
import { ShoeRunner } from './shoe-runner';
import { BaccaratTableRules } from './table-rules';

export interface SimulatedBet {
  /** Mean returned per unit staked over the simulated rounds. */
  measured: number;
  ciLow: number;
  ciHigh: number;
  exact: number;
  exactWithinCi: boolean;
}

export interface SimulationReport {
  game: 'baccarat';
  decks: number;
  variant: string;
  rounds: number;
  seed: string;
  shoes: number;
  /** Measured frequency of each winner. */
  frequencies: Record<BaccaratWinner, number>;
  bets: Record<BaccaratBetType, SimulatedBet>;
}

/** z for a two-sided 95% normal interval. */
const Z95 = 1.959964;

/**
 * Plays `rounds` rounds through real shoes (burn, cut card, reshuffle) with one unit on each of the eight bets
 * every round (side-bet cut-offs ignored so every round counts), and compares the mean return per bet with the
 * exact value. Rounds of one shoe are slightly dependent, so the normal interval is an approximation.
 */
export function simulateBaccarat(
  rules: BaccaratTableRules,
  rounds: number,
  random: RandomSource,
  seed: string,
): SimulationReport {
  if (!Number.isSafeInteger(rounds) || rounds < 2) {
    throw new RangeError(`rounds must be an integer >= 2, got ${rounds}`);
  }
  const perUnit = returnPerUnitTable(rules.payTable);
  const runner = new ShoeRunner(rules, random);
  const state = new RoundState();
  const types = BACCARAT_BET_TYPES;
  const sums = new Float64Array(types.length);
  const squares = new Float64Array(types.length);
  let player = 0;
  let banker = 0;
  for (let round = 0; round < rounds; round++) {
    runner.nextRound(state);
    if (state.winner === 'player') player++;
    else if (state.winner === 'banker') banker++;
    for (let i = 0; i < types.length; i++) {
      const returned = perUnit[classifyBet(types[i], state) + 2];
      sums[i] += returned;
      squares[i] += returned * returned;
    }
  }
  const exact = exactBaccaratReturns(rules.decks, rules.payTable, rules.variant);
  const bets = Object.fromEntries(
    types.map((type, i) => {
      const mean = sums[i] / rounds;
      const variance = Math.max(0, (squares[i] - rounds * mean * mean) / (rounds - 1));
      const half = Z95 * Math.sqrt(variance / rounds);
      const expected = exact.bets[type].rtp;
      const bet: SimulatedBet = {
        measured: mean,
        ciLow: mean - half,
        ciHigh: mean + half,
        exact: expected,
        exactWithinCi: expected >= mean - half && expected <= mean + half,
      };
      return [type, bet];
    }),
  ) as Record<BaccaratBetType, SimulatedBet>;
  return {
    game: 'baccarat',
    decks: rules.decks,
    variant: rules.variant,
    rounds,
    seed,
    shoes: runner.shoesUsed,
    frequencies: {
      player: player / rounds,
      banker: banker / rounds,
      tie: (rounds - player - banker) / rounds,
    },
    bets,
  };
}
