// Sic Bo's bets (docs/rules/sic-bo.md).

/** A die's face. */
export type DieFace = 1 | 2 | 3 | 4 | 5 | 6;
export const DIE_FACES: readonly DieFace[] = [1, 2, 3, 4, 5, 6];

export const SIC_BO_BET_TYPES = [
  'small',
  'big',
  'odd',
  'even',
  'total',
  'double',
  'triple',
  'anyTriple',
  'combination',
  'single',
] as const;
export type SicBoBetType = (typeof SIC_BO_BET_TYPES)[number];

/** The totals a Total bet may name (3 and 18 are triples only, and not offered). */
export const MIN_TOTAL_BET = 4;
export const MAX_TOTAL_BET = 17;

export type SicBoBet =
  | { type: 'small' | 'big' | 'odd' | 'even' | 'anyTriple' }
  | { type: 'total'; total: number }
  | { type: 'double' | 'triple' | 'single'; number: DieFace }
  | { type: 'combination'; numbers: readonly [DieFace, DieFace] };

/** Total bets take their limit key from their total: each total pays its own odds. */
export const SIC_BO_TOTAL_KEYS = Array.from(
  { length: MAX_TOTAL_BET - MIN_TOTAL_BET + 1 },
  (_, i) => `total${MIN_TOTAL_BET + i}`,
);

/** Every limit key of a Sic Bo table, in display order. */
export const SIC_BO_LIMIT_KEYS: readonly string[] = [
  'small',
  'big',
  'odd',
  'even',
  ...SIC_BO_TOTAL_KEYS,
  'double',
  'triple',
  'anyTriple',
  'combination',
  'single',
];

export function sicBoLimitKey(bet: SicBoBet): string {
  return bet.type === 'total' ? `total${bet.total}` : bet.type;
}

/** The spot a bet lies on: one per number, total and pair of numbers (either order). */
export function sicBoSpotKey(bet: SicBoBet): string {
  switch (bet.type) {
    case 'total':
      return `total:${bet.total}`;
    case 'double':
    case 'triple':
    case 'single':
      return `${bet.type}:${bet.number}`;
    case 'combination':
      return `combination:${[...bet.numbers].sort((a, b) => a - b).join('-')}`;
    default:
      return bet.type;
  }
}
