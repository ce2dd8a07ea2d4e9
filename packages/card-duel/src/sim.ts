import { RandomSource } from '@casino/cards';
import { MeasuredReturn, measureReturns, ratioToNumber } from '@casino/game-kit';
import { DuelRound } from './duel';
import { DUEL_OUTCOMES, DuelOutcome, exactDuelReturns, outcomeFacts } from './exact';
import { DuelGameRules, duelReturnTimesTwo } from './pay-table';
import { DuelShoeRunner } from './shoe-runner';

export interface DuelSimulationReport<K extends string = string> {
  game: string;
  decks: number;
  rounds: number;
  /** `crypto` (node:crypto, the live tables' source) or the seed of a repeatable run. */
  source: string;
  shoes: number;
  frequencies: Record<DuelOutcome, number>;
  bets: Record<K, MeasuredReturn>;
}

const outcomeIndex = (round: DuelRound): number =>
  round.suited ? 3 : round.winner === 'first' ? 0 : round.winner === 'second' ? 1 : 2;

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
  const runner = new DuelShoeRunner(rules.decks, rules.ace, random);
  const keys = rules.betKeys;
  // Per outcome, each bet's return per unit (a tie's half stake is 0.5: the exact figure does not round).
  const perUnit = DUEL_OUTCOMES.map((outcome) =>
    Float64Array.from(keys, (k) => Number(duelReturnTimesTwo(rules.payTable[k], outcomeFacts(outcome))) / 2),
  );
  const exact = exactDuelReturns(rules);
  const seen = new Float64Array(DUEL_OUTCOMES.length);
  const bets = measureReturns(
    rounds,
    keys,
    Object.fromEntries([...exact.bets].map(([key, figure]) => [key, ratioToNumber(figure.rtp)])),
    () => runner.nextRound(),
    (round) => {
      const o = outcomeIndex(round);
      seen[o]++;
      return perUnit[o];
    },
  ) as Record<K, MeasuredReturn>;
  const frequencies = Object.fromEntries(DUEL_OUTCOMES.map((o, i) => [o, seen[i] / rounds])) as Record<
    DuelOutcome,
    number
  >;
  return { game: rules.id, decks: rules.decks, rounds, source, shoes: runner.shoesUsed, frequencies, bets };
}
