/** Win per `denominator` staked is `numerator`: 19/20 is 0.95:1. Exact, so money never touches a float. */
export interface PayRatio {
  numerator: bigint;
  denominator: bigint;
}

export const PAY_TABLE_NAMES = ['commission', 'no-commission'] as const;
export type PayTableName = (typeof PAY_TABLE_NAMES)[number];

/** Each way a bet can win, so a pay table is a flat list of ratios. */
export const PAY_LINES = [
  'player',
  'banker',
  'bankerOnSix',
  'tie',
  'playerPair',
  'bankerPair',
  'luckySixTwoCards',
  'luckySixThreeCards',
  'playerNatural',
  'bankerNatural',
] as const;

export type PayLine = (typeof PAY_LINES)[number];

export type BaccaratPayTable = Readonly<Record<PayLine, PayRatio>>;

const ratio = (numerator: bigint, denominator: bigint): PayRatio => ({ numerator, denominator });

const SHARED_LINES = {
  player: ratio(1n, 1n),
  tie: ratio(8n, 1n),
  playerPair: ratio(11n, 1n),
  bankerPair: ratio(11n, 1n),
  luckySixTwoCards: ratio(12n, 1n),
  luckySixThreeCards: ratio(20n, 1n),
  playerNatural: ratio(7n, 2n),
  bankerNatural: ratio(7n, 2n),
};

/** The two pay tables of docs/rules/baccarat.md#bets-and-payouts. */
export const PAY_TABLES: Readonly<Record<PayTableName, BaccaratPayTable>> = {
  // 5% commission on every Banker win.
  commission: { ...SHARED_LINES, banker: ratio(19n, 20n), bankerOnSix: ratio(19n, 20n) },
  // No commission, but a Banker win with 6 points pays half.
  'no-commission': { ...SHARED_LINES, banker: ratio(1n, 1n), bankerOnSix: ratio(1n, 2n) },
};

export function isPayTableName(value: unknown): value is PayTableName {
  return value === 'commission' || value === 'no-commission';
}
