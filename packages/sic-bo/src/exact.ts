import { BetMoments, ExactFigure, exactFigure, Ratio, ratio, ratioToNumber } from '@casino/game-kit';
import { DIE_FACES, MAX_TOTAL_BET, MIN_TOTAL_BET, SIC_BO_LIMIT_KEYS, SicBoBet, sicBoLimitKey } from './bet';
import { allDice } from './dice';
import { SIC_BO_PAY_TABLES, SicBoPayTableName } from './pay-table';
import { settleSicBoBet } from './settle';

/** Every valid bet, one per spot: 4 even-money bets, 14 totals, 6 doubles, 6 triples, any triple, 15 pairs, 6 singles. */
export function allSicBoBets(): SicBoBet[] {
  const bets: SicBoBet[] = [{ type: 'small' }, { type: 'big' }, { type: 'odd' }, { type: 'even' }];
  for (let total = MIN_TOTAL_BET; total <= MAX_TOTAL_BET; total++) bets.push({ type: 'total', total });
  for (const number of DIE_FACES) bets.push({ type: 'double', number });
  for (const number of DIE_FACES) bets.push({ type: 'triple', number });
  bets.push({ type: 'anyTriple' });
  for (const a of DIE_FACES)
    for (const b of DIE_FACES) if (a < b) bets.push({ type: 'combination', numbers: [a, b] });
  for (const number of DIE_FACES) bets.push({ type: 'single', number });
  return bets;
}

const OUTCOMES = 216n;

/** One bet's exact moments, settled by the engine with a unit stake against each of the 216 ordered results. */
function betMoments(bet: SicBoBet, payTable: SicBoPayTableName): { m1: Ratio; m2: Ratio } {
  const pay = SIC_BO_PAY_TABLES[payTable];
  let sum = 0n;
  let squares = 0n;
  for (const dice of allDice()) {
    const r = settleSicBoBet(bet, 1n, dice, pay).returned;
    sum += r;
    squares += r * r;
  }
  return { m1: ratio(sum, OUTCOMES), m2: ratio(squares, OUTCOMES) };
}

const cache = new Map<SicBoPayTableName, Map<string, ExactFigure>>();

/** The exact return of every limit key by enumeration of the 216 dice results (docs/rules/sic-bo.md#returns). */
export function exactSicBoReturns(
  payTable: SicBoPayTableName = 'standard',
): ReadonlyMap<string, ExactFigure> {
  const known = cache.get(payTable);
  if (known) return known;
  const byKey = new Map<string, { m1: Ratio; m2: Ratio }[]>();
  for (const bet of allSicBoBets()) {
    const key = sicBoLimitKey(bet);
    byKey.set(key, [...(byKey.get(key) ?? []), betMoments(bet, payTable)]);
  }
  const figures = new Map<string, ExactFigure>();
  for (const key of SIC_BO_LIMIT_KEYS) {
    // Bets of one key weighted equally (each a unit stake): the key's return is their mean.
    const each = byKey.get(key) ?? [];
    figures.set(key, exactFigure(each));
  }
  cache.set(payTable, figures);
  return figures;
}

/** A limit key's return and variance as numbers (the definition's exactReturn); undefined for another key. */
export function sicBoMoments(
  limitKey: string,
  payTable: SicBoPayTableName = 'standard',
): BetMoments | undefined {
  const figure = exactSicBoReturns(payTable).get(limitKey);
  return figure && { rtp: ratioToNumber(figure.rtp), variance: ratioToNumber(figure.variance) };
}
