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
  /** Per limit key: the mean return of one unit on every bet of the key, each round. */
  bets: Record<string, MeasuredReturn>;
}

/**
 * Shakes `rounds` rounds through `rollDice` and the given source (an automatic table's draw) with one unit on every
 * bet of the layout, and compares each limit key's mean return with its exact return.
 */
export function simulateSicBo(
  rounds: number,
  random: RandomSource,
  seed: string,
  payTable: SicBoPayTableName = 'standard',
): SicBoSimulationReport {
  const pay = SIC_BO_PAY_TABLES[payTable];
  const keys = SIC_BO_LIMIT_KEYS;
  const bets = allSicBoBets().map((bet) => ({ bet, index: keys.indexOf(sicBoLimitKey(bet)) }));
  const perKey = new Float64Array(keys.length);
  for (const { index } of bets) perKey[index]++;
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
      returns.fill(0);
      for (const { bet, index } of bets)
        returns[index] += Number(settleSicBoBet(bet, 1n, dice, pay).returned);
      for (let i = 0; i < keys.length; i++) returns[i] /= perKey[i];
      return returns;
    },
  );
  return { game: 'sicBo', payTable, rounds, seed, bets: measured };
}
