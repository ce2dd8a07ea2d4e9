// Sic Bo's pay tables (docs/rules/sic-bo.md#pay-table): winnings per unit staked (x:1), the stake returned besides.

export interface SicBoPayTable {
  /** Small, Big, Odd, Even. */
  even: number;
  /** Total bets, by total 4..17. */
  total: Readonly<Record<number, number>>;
  double: number;
  triple: number;
  anyTriple: number;
  combination: number;
  /** Single number when its face shows once, twice, three times. */
  single: readonly [number, number, number];
}

const STANDARD: SicBoPayTable = {
  even: 1,
  total: {
    4: 60,
    5: 30,
    6: 17,
    7: 12,
    8: 8,
    9: 6,
    10: 6,
    11: 6,
    12: 6,
    13: 8,
    14: 12,
    15: 17,
    16: 30,
    17: 60,
  },
  double: 10,
  triple: 180,
  anyTriple: 30,
  combination: 5,
  single: [1, 2, 3],
};

/** The pay tables the engine knows, each with its exact return (a table's settings choose one of them). */
export const SIC_BO_PAY_TABLES = { standard: STANDARD } as const;
export type SicBoPayTableName = keyof typeof SIC_BO_PAY_TABLES;
export const SIC_BO_PAY_TABLE_NAMES = Object.keys(SIC_BO_PAY_TABLES) as [
  SicBoPayTableName,
  ...SicBoPayTableName[],
];
export const DEFAULT_SIC_BO_PAY_TABLE: SicBoPayTableName = 'standard';

export const isSicBoPayTable = (name: unknown): name is SicBoPayTableName =>
  typeof name === 'string' && Object.prototype.hasOwnProperty.call(SIC_BO_PAY_TABLES, name);
