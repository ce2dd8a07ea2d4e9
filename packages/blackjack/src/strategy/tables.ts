import { dealerBlackjackPossibleAfterPeek } from '../core/dealer';
import { BlackjackRules } from '../core/rules';

/**
 * Total-dependent basic strategy for 4–8 decks, double any two, no surrender, as lookup tables built once per
 * rule set. Rows are totals (or pair values), columns the dealer's up card in points (index 1 = Ace, 2..10).
 * Charts below are the standard S17 / peek / DAS ones; rule variants are applied as cell overrides.
 */
export const HIT = 0;
export const STAND = 1;
/** Double if allowed, else hit. */
export const DOUBLE_OR_HIT = 2;
/** Double if allowed, else stand. */
export const DOUBLE_OR_STAND = 3;

export const COLUMNS = 11;

export interface StrategyTable {
  /** [hardTotal * 11 + up] for totals 0..21 (hands without a usable ace). */
  readonly hard: Uint8Array;
  /** [softTotal * 11 + up] for soft totals 12..21. */
  readonly soft: Uint8Array;
  /** [pairPoints * 11 + up]: 1 = split, 0 = play as a total. */
  readonly split: Uint8Array;
}

// Chart strings list the up cards 2,3,4,5,6,7,8,9,T,A. H hit, S stand, D double/hit, X double/stand.
const HARD_CHART: Record<number, string> = {
  8: 'HHHHHHHHHH',
  9: 'HDDDDHHHHH',
  10: 'DDDDDDDDHH',
  11: 'DDDDDDDDDH',
  12: 'HHSSSHHHHH',
  13: 'SSSSSHHHHH',
  14: 'SSSSSHHHHH',
  15: 'SSSSSHHHHH',
  16: 'SSSSSHHHHH',
  17: 'SSSSSSSSSS',
};

const SOFT_CHART: Record<number, string> = {
  12: 'HHHHHHHHHH',
  13: 'HHHDDHHHHH',
  14: 'HHHDDHHHHH',
  15: 'HHDDDHHHHH',
  16: 'HHDDDHHHHH',
  17: 'HDDDDHHHHH',
  18: 'SXXXXSSHHH',
  19: 'SSSSSSSSSS',
};

// Y split, N play as a total. Index: pair value (1 = aces).
const PAIR_CHART_DAS: Record<number, string> = {
  1: 'YYYYYYYYYY',
  2: 'YYYYYYNNNN',
  3: 'YYYYYYNNNN',
  4: 'NNNYYNNNNN',
  5: 'NNNNNNNNNN',
  6: 'YYYYYNNNNN',
  7: 'YYYYYYNNNN',
  8: 'YYYYYYYYYY',
  9: 'YYYYYNYYNN',
  10: 'NNNNNNNNNN',
};

const PAIR_CHART_NO_DAS: Record<number, string> = {
  ...PAIR_CHART_DAS,
  2: 'NNYYYYNNNN',
  3: 'NNYYYYNNNN',
  4: 'NNNNNNNNNN',
  6: 'NYYYYNNNNN',
};

const CODE: Record<string, number> = { H: HIT, S: STAND, D: DOUBLE_OR_HIT, X: DOUBLE_OR_STAND };

/** Chart column position → up card points (2..9, 10, then Ace = 1). */
function upOfColumn(column: number): number {
  return column === 9 ? 1 : column + 2;
}

function fill(target: Uint8Array, row: number, chart: string, decode: (c: string) => number): void {
  for (let column = 0; column < 10; column++)
    target[row * COLUMNS + upOfColumn(column)] = decode(chart[column]);
}

function build(rules: BlackjackRules): StrategyTable {
  const hard = new Uint8Array(22 * COLUMNS);
  const soft = new Uint8Array(22 * COLUMNS);
  const split = new Uint8Array(11 * COLUMNS);
  for (let total = 0; total <= 21; total++) {
    const chartRow = Math.min(17, Math.max(8, total));
    fill(hard, total, HARD_CHART[chartRow], (c) => CODE[c]);
  }
  for (let total = 12; total <= 21; total++)
    fill(soft, total, SOFT_CHART[Math.min(19, total)], (c) => CODE[c]);
  const das = rules.doubleAfterSplit && rules.double !== 'none';
  const pairs = das ? PAIR_CHART_DAS : PAIR_CHART_NO_DAS;
  for (let points = 1; points <= 10; points++) fill(split, points, pairs[points], (c) => (c === 'Y' ? 1 : 0));

  const set = (table: Uint8Array, row: number, up: number, code: number) =>
    (table[row * COLUMNS + up] = code);
  if (rules.dealerHitsSoft17) {
    set(hard, 11, 1, DOUBLE_OR_HIT);
    set(soft, 18, 2, DOUBLE_OR_STAND);
    set(soft, 19, 6, DOUBLE_OR_STAND);
  }
  // Against an up card whose blackjack was not ruled out by a peek, doubles and splits lose their extra stake
  // to a dealer blackjack (European no-hole-card play): stop doubling 11 and splitting 8s; aces vs an Ace.
  for (const up of [10, 1]) {
    if (!dealerBlackjackPossibleAfterPeek(rules.peek, up)) continue;
    set(hard, 11, up, HIT);
    set(split, 8, up, 0);
    if (up === 1) set(split, 1, up, 0);
  }
  return { hard, soft, split };
}

const cache = new Map<string, StrategyTable>();

/** The table for the rules in force (cached: a handful of distinct rule sets exist). */
export function strategyTableFor(rules: BlackjackRules): StrategyTable {
  const key = `${rules.dealerHitsSoft17}|${rules.doubleAfterSplit}|${rules.double}|${rules.peek}`;
  let table = cache.get(key);
  if (!table) {
    table = build(rules);
    cache.set(key, table);
  }
  return table;
}
