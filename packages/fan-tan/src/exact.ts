import { BetMoments, ExactFigure, exactFigure, Ratio, ratio, ratioToNumber } from '@casino/game-kit';
import { FAN_TAN_LIMIT_KEYS, FAN_TAN_NUMBERS, FanTanBet, KWOK_PAIRS } from './bet';
import { FAN_TAN_PAY_TABLES, FanTanPayTable, FanTanPayTableName } from './pay-table';
import { settleFanTanBet } from './settle';

/** Every valid bet: 4 Fan, 12 Nim (n ≠ m), 4 Kwok, Odd, Even. */
export function allFanTanBets(): FanTanBet[] {
  const bets: FanTanBet[] = FAN_TAN_NUMBERS.map((number) => ({ type: 'fan', number }));
  for (const number of FAN_TAN_NUMBERS) {
    for (const push of FAN_TAN_NUMBERS) if (push !== number) bets.push({ type: 'nim', number, push });
  }
  for (const numbers of KWOK_PAIRS) bets.push({ type: 'kwok', numbers });
  bets.push({ type: 'odd' }, { type: 'even' });
  return bets;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** The smallest stake every payout of the pay table divides into whole minor units (20 for the standard one). */
function wholeStake(pay: FanTanPayTable): bigint {
  return Object.values(pay).reduce((acc: bigint, r: Ratio) => (acc * r.den) / gcd(acc, r.den), 1n);
}

/** One bet's moments, settled by the engine against each of the four equally likely results. */
function betMoments(bet: FanTanBet, pay: FanTanPayTable): { m1: Ratio; m2: Ratio } {
  // A stake the payouts divide exactly: the enumeration checks the settlement code without any flooring.
  const stake = wholeStake(pay);
  let sum = 0n;
  let squares = 0n;
  for (const result of FAN_TAN_NUMBERS) {
    const r = settleFanTanBet(bet, stake, result, pay).returned;
    sum += r;
    squares += r * r;
  }
  const n = BigInt(FAN_TAN_NUMBERS.length);
  return { m1: ratio(sum, n * stake), m2: ratio(squares, n * stake * stake) };
}

const cache = new Map<FanTanPayTableName, Map<string, ExactFigure>>();

/** The exact return of every bet kind by enumeration of the four results (docs/rules/fan-tan.md#returns). */
export function exactFanTanReturns(
  payTable: FanTanPayTableName = 'standard',
): ReadonlyMap<string, ExactFigure> {
  const known = cache.get(payTable);
  if (known) return known;
  const pay = FAN_TAN_PAY_TABLES[payTable];
  const figures = new Map<string, ExactFigure>();
  for (const key of FAN_TAN_LIMIT_KEYS) {
    const each = allFanTanBets()
      .filter((bet) => bet.type === key)
      .map((bet) => betMoments(bet, pay));
    figures.set(key, exactFigure(each));
  }
  cache.set(payTable, figures);
  return figures;
}

/** A bet kind's return and variance as numbers (the definition's exactReturn); undefined for another key. */
export function fanTanMoments(
  limitKey: string,
  payTable: FanTanPayTableName = 'standard',
): BetMoments | undefined {
  const figure = exactFanTanReturns(payTable).get(limitKey);
  return figure && { rtp: ratioToNumber(figure.rtp), variance: ratioToNumber(figure.variance) };
}
