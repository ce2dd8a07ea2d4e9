export const BACCARAT_BET_TYPES = [
  'player',
  'banker',
  'tie',
  'playerPair',
  'bankerPair',
  'luckySix',
  'playerNatural',
  'bankerNatural',
] as const;

export type BaccaratBetType = (typeof BACCARAT_BET_TYPES)[number];

/** Bets other than Player, Banker and Tie; they have per-shoe cut-offs and a table-wide maximum. */
export const SIDE_BET_TYPES: readonly BaccaratBetType[] = [
  'playerPair',
  'bankerPair',
  'luckySix',
  'playerNatural',
  'bankerNatural',
];

export function isBaccaratBetType(value: unknown): value is BaccaratBetType {
  return typeof value === 'string' && (BACCARAT_BET_TYPES as readonly string[]).includes(value);
}
