import { Ratio } from '@casino/game-kit';

// Fan Tan's pay tables (docs/rules/fan-tan.md#pay-table): winnings per unit staked, already net of the 5%
// commission, as exact ratios; the stake is returned besides. Fractions of a minor unit are the house's.

export interface FanTanPayTable {
  fan: Ratio;
  nim: Ratio;
  kwok: Ratio;
  /** Odd and Even. */
  oddEven: Ratio;
}

const STANDARD: FanTanPayTable = {
  /** 2.85:1 = 3:1 less 5%. */
  fan: { num: 57n, den: 20n },
  /** 1.9:1 = 2:1 less 5%. */
  nim: { num: 19n, den: 10n },
  /** 0.95:1 = 1:1 less 5%. */
  kwok: { num: 19n, den: 20n },
  oddEven: { num: 19n, den: 20n },
};

/** The pay tables the engine knows, each with its exact return (a table's settings choose one of them). */
export const FAN_TAN_PAY_TABLES = { standard: STANDARD } as const;
export type FanTanPayTableName = keyof typeof FAN_TAN_PAY_TABLES;
export const FAN_TAN_PAY_TABLE_NAMES = Object.keys(FAN_TAN_PAY_TABLES) as [
  FanTanPayTableName,
  ...FanTanPayTableName[],
];
export const DEFAULT_FAN_TAN_PAY_TABLE: FanTanPayTableName = 'standard';

export const isFanTanPayTable = (name: unknown): name is FanTanPayTableName =>
  typeof name === 'string' && Object.prototype.hasOwnProperty.call(FAN_TAN_PAY_TABLES, name);
