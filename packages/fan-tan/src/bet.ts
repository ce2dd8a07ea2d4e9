// Fan Tan's bets (docs/rules/fan-tan.md).

/** A round's result: what is left of the beads when they are taken away four at a time. */
export type FanTanNumber = 1 | 2 | 3 | 4;
export const FAN_TAN_NUMBERS: readonly FanTanNumber[] = [1, 2, 3, 4];

export const FAN_TAN_BET_TYPES = ['fan', 'nim', 'kwok', 'odd', 'even'] as const;
export type FanTanBetType = (typeof FAN_TAN_BET_TYPES)[number];

export type FanTanBet =
  | { type: 'fan'; number: FanTanNumber }
  /** n Nim m: wins on `number`, the stake back on `push`. */
  | { type: 'nim'; number: FanTanNumber; push: FanTanNumber }
  /** Two adjacent numbers of the square: 1-2, 2-3, 3-4, 4-1. */
  | { type: 'kwok'; numbers: readonly [FanTanNumber, FanTanNumber] }
  | { type: 'odd' | 'even' };

/** The Kwok pairs: two sides of the square that meet at a corner. */
export const KWOK_PAIRS: readonly (readonly [FanTanNumber, FanTanNumber])[] = [
  [1, 2],
  [2, 3],
  [3, 4],
  [4, 1],
];

export const FAN_TAN_LIMIT_KEYS: readonly string[] = FAN_TAN_BET_TYPES;

/** The spot a bet lies on: one per number, ordered pair (nim) and pair of sides (kwok, either order). */
export function fanTanSpotKey(bet: FanTanBet): string {
  switch (bet.type) {
    case 'fan':
      return `fan:${bet.number}`;
    case 'nim':
      return `nim:${bet.number}-${bet.push}`;
    case 'kwok':
      return `kwok:${[...bet.numbers].sort((a, b) => a - b).join('-')}`;
    default:
      return bet.type;
  }
}
