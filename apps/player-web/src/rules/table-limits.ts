import { isPayTableName, PAY_TABLES, type PayRatio } from '@casino/baccarat';
import { INSIDE_BET_TYPES, PAYOUT_RATIO, type RouletteBetType } from '@casino/roulette';
import { amount, num, obj, str } from '../net/game-connection';

// The limits and payouts a table shows (docs/rules/baccarat.md#table-limits, roulette.md#table-limits,
// blackjack.md#table-settings): the limits from the table's join snapshot, the payouts from the engines' own pay
// data (baccarat's PAY_TABLES, roulette's PAYOUT_RATIO) or, for blackjack, the rules the table sends.

/** How a row's stake is bounded: the table's minimum and maximum, or a rule tied to the main bet (blackjack). */
export type LimitRange =
  { kind: 'range'; min: string; max: string } | { kind: 'upToStake' | 'sameAsStake' | 'halfStake' };

/** A payout as shown ("8:1", "0.95:1"), or baccarat's two-way lines with their parts. */
export type Payout =
  | { kind: 'ratio'; text: string }
  | { kind: 'bankerOnSix'; pays: string; six: string }
  | { kind: 'luckySix'; two: string; three: string }
  | { kind: 'none' };

export interface LimitRow {
  /** Bet type (baccarat, roulette) or stake kind (blackjack: main, blackjack, double, split, insurance). */
  key: string;
  /** The i18n key of its name. */
  name: string;
  /** Its name already in the player's words (a name with numbers: Sic Bo's "Total 9"); before `name`. */
  label?: string;
  range: LimitRange | null;
  payout: Payout;
}

/** A rules dialog's pay table row: the bet's name and what it pays ("8:1"). */
export type PayRow = readonly [name: string, pays: string];

export interface TableLimits {
  rows: LimitRow[];
  /** Baccarat: the table's maximum Player–Banker difference (minor units), when it has one. */
  maxDifference: string | null;
  /** Live baccarat: the Tie and side-bet maxima also cap the table's total (docs/rules/restrictions.md#table-totals). */
  tableTotals: boolean;
}

/** A pay ratio the way tables print it: 8:1, 7:2, 1:2, and 0.95:1 for a commission. */
export function ratioText({ numerator, denominator }: PayRatio): string {
  if (denominator === 1n || denominator === 2n) return `${numerator}:${denominator}`;
  // Exact to the hundredth for the ratios the engines use (19/20); more places only if a ratio needs them.
  for (let places = 2; places <= 6; places++) {
    const scale = 10n ** BigInt(places);
    if ((numerator * scale) % denominator === 0n) {
      const hundredths = (numerator * scale) / denominator;
      const whole = hundredths / scale;
      const fraction = (hundredths % scale).toString().padStart(places, '0').replace(/0+$/, '');
      return `${whole}${fraction ? `.${fraction}` : ''}:1`;
    }
  }
  return `${numerator}:${denominator}`;
}

function rangeOf(value: unknown): LimitRange | null {
  const min = amount(obj(value).min);
  const max = amount(obj(value).max);
  return min !== null && max !== null ? { kind: 'range', min, max } : null;
}

/** The pay line(s) of a baccarat bet type in a pay table. */
export function baccaratPayout(type: string, payTable: string): Payout {
  if (!isPayTableName(payTable)) return { kind: 'none' };
  const table = PAY_TABLES[payTable];
  switch (type) {
    case 'banker': {
      const pays = ratioText(table.banker);
      const six = ratioText(table.bankerOnSix);
      return pays === six ? { kind: 'ratio', text: pays } : { kind: 'bankerOnSix', pays, six };
    }
    case 'luckySix':
      return {
        kind: 'luckySix',
        two: ratioText(table.luckySixTwoCards),
        three: ratioText(table.luckySixThreeCards),
      };
    case 'player':
    case 'tie':
    case 'playerPair':
    case 'bankerPair':
    case 'playerNatural':
    case 'bankerNatural':
      return { kind: 'ratio', text: ratioText(table[type]) };
    default:
      return { kind: 'none' };
  }
}

// The rows of a table's limits panel from its join snapshot, one function per game (each table view calls its
// own). Baccarat: the offered bet types in the table's order with their pay table's lines (the snapshot's
// `payTable`; a live table's variant names its pay table). Roulette: every bet type the table limits. Blackjack:
// the main bet's range, the rules' blackjack and insurance payouts, and the stakes that follow the main bet.

export function baccaratLimits(snapshot: Record<string, unknown> | null): TableLimits {
  const snap = obj(snapshot);
  const limits = obj(snap.limits);
  const variant = str(snap.variant);
  const payTable = str(snap.payTable, variant);
  const types = Array.isArray(snap.betTypes)
    ? snap.betTypes.filter((t): t is string => typeof t === 'string')
    : Object.keys(limits);
  return {
    rows: types.flatMap((type) => {
      const range = rangeOf(limits[type]);
      return range
        ? [{ key: type, name: `bets.${type}`, range, payout: baccaratPayout(type, payTable) }]
        : [];
    }),
    maxDifference: variant === 'rng' ? null : amount(snap.maxDifference),
    tableTotals: variant !== 'rng',
  };
}

/** Roulette's names: inside bets as the rules name them, column and dozen the limits' own, the rest the board's. */
function rouletteName(type: RouletteBetType): string {
  if ((INSIDE_BET_TYPES as readonly string[]).includes(type)) return `rules.${type}`;
  if (type === 'column' || type === 'dozen') return `limits.name${type === 'column' ? 'Column' : 'Dozen'}`;
  return `roulette.${type}`;
}

export function rouletteLimits(snapshot: Record<string, unknown> | null): TableLimits {
  const limits = obj(obj(snapshot).limits);
  return {
    rows: (Object.keys(PAYOUT_RATIO) as RouletteBetType[]).flatMap((type) => {
      const range = rangeOf(limits[type]);
      const payout: Payout = { kind: 'ratio', text: `${PAYOUT_RATIO[type]}:1` };
      return range ? [{ key: type, name: rouletteName(type), range, payout }] : [];
    }),
    maxDifference: null,
    tableTotals: false,
  };
}

export function blackjackLimits(snapshot: Record<string, unknown> | null): TableLimits {
  const snap = obj(snapshot);
  const limits = obj(snap.limits);
  const rules = obj(snap.rules);
  const main = rangeOf(limits.main);
  if (!main) return { rows: [], maxDifference: null, tableTotals: false };
  const blackjackPays = str(rules.blackjackPays);
  const insurancePays = str(rules.insurancePays);
  const rows: LimitRow[] = [
    // A won hand pays even money at every table; the table's own payouts follow.
    { key: 'main', name: 'limits.nameMain', range: main, payout: { kind: 'ratio', text: '1:1' } },
    {
      key: 'blackjack',
      name: 'limits.nameBlackjack',
      range: null,
      payout: blackjackPays ? { kind: 'ratio', text: blackjackPays } : { kind: 'none' },
    },
    {
      key: 'double',
      name: 'limits.nameDouble',
      range: { kind: 'upToStake' },
      payout: { kind: 'ratio', text: '1:1' },
    },
  ];
  if (num(rules.maxSplitHands, 2) > 1)
    rows.push({
      key: 'split',
      name: 'limits.nameSplit',
      range: { kind: 'sameAsStake' },
      payout: { kind: 'ratio', text: '1:1' },
    });
  if (insurancePays)
    rows.push({
      key: 'insurance',
      name: 'limits.nameInsurance',
      range: { kind: 'halfStake' },
      payout: { kind: 'ratio', text: insurancePays },
    });
  return { rows, maxDifference: null, tableTotals: false };
}
