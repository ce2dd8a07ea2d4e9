import { RandomSource } from '@casino/cards';
import { MeasuredReturn, measureReturns, ratioToNumber } from '@casino/game-kit';
import { SIC_BO_LIMIT_KEYS, sicBoLimitKey } from './bet';
import { rollDice } from './dice';
import { allSicBoBets, exactSicBoReturns } from './exact';
import { SIC_BO_PAY_TABLES, SicBoPayTableName } from './pay-table';
import { settleSicBoBet } from './settle';

export interface SicBoSimulationReport {
  game: 'sicBo';
  payTable: SicBoPayTableName;
  rounds: number;
  seed: string;
  /** Per limit key: the mean return per unit of one bet of the key (double 1, combination 1-2, single 1, …). */
  bets: Record<string, MeasuredReturn>;
}

/**
 * Shakes `rounds` rounds through `rollDice` and the given source (an automatic table's draw) with one unit on one bet
 * of each limit key, and compares each limit key's mean return with its exact return.
 */
export function simulateSicBo(
  rounds: number,
  random: RandomSource,
  seed: string,
  payTable: SicBoPayTableName = 'standard',
): SicBoSimulationReport {
  const pay = SIC_BO_PAY_TABLES[payTable];
  const keys = SIC_BO_LIMIT_KEYS;
  // One bet of each limit key (the first of the layout): all bets of a key have the same return.
  const all = allSicBoBets();
  const bets = keys.map((key) => {
    const bet = all.find((b) => sicBoLimitKey(b) === key);
    if (!bet) throw new Error(`no bet of ${key}`);
    return bet;
  });
  const exact = Object.fromEntries(
    [...exactSicBoReturns(payTable)].map(([key, figure]) => [key, ratioToNumber(figure.rtp)]),
  );
  const returns = new Float64Array(keys.length);
  const measured = measureReturns(
    rounds,
    keys,
    exact,
    () => rollDice(random),
    (dice) => {
      for (let i = 0; i < bets.length; i++)
        returns[i] = Number(settleSicBoBet(bets[i], 1n, dice, pay).returned);
      return returns;
    },
  );
  return { game: 'sicBo', payTable, rounds, seed, bets: measured };
}
