import { RandomSource } from '@casino/cards';
import { MeasuredReturn, measureReturns, ratioToNumber } from '@casino/game-kit';
import { FAN_TAN_LIMIT_KEYS } from './bet';
import { BeadRange, drawBeadCount, resultOfCount } from './beads';
import { allFanTanBets, exactFanTanReturns } from './exact';
import { FAN_TAN_PAY_TABLES, FanTanPayTableName } from './pay-table';
import { settleFanTanBet } from './settle';

export interface FanTanSimulationReport {
  game: 'fanTan';
  payTable: FanTanPayTableName;
  beadRange: BeadRange;
  rounds: number;
  seed: string;
  /** Result frequencies 1..4. */
  frequencies: Record<string, number>;
  /** Per bet kind: the mean return per unit staked of one bet of the kind (fan 1, 1 nim 2, kwok 1-2, …). */
  bets: Record<string, MeasuredReturn>;
}

/**
 * Draws `rounds` heaps through `drawBeadCount` and the given source (an automatic table's draw) with 100 minor
 * units on one bet of each kind, settled by the engine (floored like real bets), and compares each kind's mean
 * return with its exact return.
 */
export function simulateFanTan(
  rounds: number,
  random: RandomSource,
  seed: string,
  beadRange: BeadRange = { min: 40, max: 139 },
  payTable: FanTanPayTableName = 'standard',
): FanTanSimulationReport {
  const pay = FAN_TAN_PAY_TABLES[payTable];
  const keys = FAN_TAN_LIMIT_KEYS;
  const stake = 100n;
  // One bet of each kind (the first of the square): all bets of a kind have the same return.
  const all = allFanTanBets();
  const bets = keys.map((key) => {
    const bet = all.find((b) => b.type === key);
    if (!bet) throw new Error(`no bet of ${key}`);
    return bet;
  });
  const exact = Object.fromEntries(
    [...exactFanTanReturns(payTable)].map(([key, figure]) => [key, ratioToNumber(figure.rtp)]),
  );
  const counts = [0, 0, 0, 0];
  const returns = new Float64Array(keys.length);
  const measured = measureReturns(
    rounds,
    keys,
    exact,
    () => resultOfCount(drawBeadCount(random, beadRange)),
    (result) => {
      counts[result - 1]++;
      for (let i = 0; i < bets.length; i++) {
        returns[i] = Number(settleFanTanBet(bets[i], stake, result, pay).returned) / Number(stake);
      }
      return returns;
    },
  );
  const frequencies = Object.fromEntries(counts.map((c, i) => [String(i + 1), c / rounds]));
  return { game: 'fanTan', payTable, beadRange, rounds, seed, frequencies, bets: measured };
}
