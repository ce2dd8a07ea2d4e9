/** Why the engine refused a card record, a stake or a bet type. */
export const BACCARAT_ERROR_CODES = [
  'MISDEAL',
  'INVALID_CARD',
  'INVALID_STAKE',
  'UNKNOWN_BET_TYPE',
  'UNKNOWN_VARIANT',
  'UNKNOWN_PAY_TABLE',
  'INVALID_DECKS',
] as const;
export type BaccaratErrorCode = (typeof BACCARAT_ERROR_CODES)[number];

/** Why `validateBet` refused a player's bet. */
export const BACCARAT_BET_ERROR_CODES = [
  'UNKNOWN_BET_TYPE',
  'BET_NOT_OFFERED',
  'INVALID_STAKE',
  'INVALID_ROUND',
  'NO_BET_ROUND',
  'SIDE_BET_CLOSED',
  'BELOW_MIN',
  'ABOVE_MAX',
] as const;
export type BaccaratBetErrorCode = (typeof BACCARAT_BET_ERROR_CODES)[number];

/** Default wording of every code the engine reports, for callers that show a code without a message. */
export const BACCARAT_ERROR_MESSAGES: Readonly<Record<BaccaratErrorCode | BaccaratBetErrorCode, string>> = {
  MISDEAL: 'the cards do not follow the drawing rules',
  INVALID_CARD: 'not a card',
  INVALID_STAKE: 'a stake must be a positive integer of minor units',
  UNKNOWN_BET_TYPE: 'unknown baccarat bet type',
  UNKNOWN_VARIANT: 'unknown baccarat variant',
  UNKNOWN_PAY_TABLE: 'unknown pay table',
  INVALID_DECKS: 'decks must be an integer 1..8',
  BET_NOT_OFFERED: 'the bet is not offered at this table',
  INVALID_ROUND: 'round in shoe must be a positive integer',
  NO_BET_ROUND: 'this round of the shoe is played without bets',
  SIDE_BET_CLOSED: 'the bet is not accepted this late in the shoe',
  BELOW_MIN: 'the stake is below the table minimum',
  ABOVE_MAX: 'the stake is above the table maximum',
};

export class BaccaratError extends Error {
  constructor(
    readonly code: BaccaratErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'BaccaratError';
  }
}
