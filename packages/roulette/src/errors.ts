/** Why a bet description was rejected by `validateBet`. */
export const ROULETTE_BET_ERROR_CODES = [
  'INVALID_BET',
  'UNKNOWN_BET_TYPE',
  'INVALID_NUMBERS',
  'INVALID_SHAPE',
  'INVALID_COLUMN',
  'INVALID_DOZEN',
] as const;
export type RouletteBetErrorCode = (typeof ROULETTE_BET_ERROR_CODES)[number];

/** Why a stake was rejected by `validateStake` (or table limits by `validateTableLimits`). */
export const ROULETTE_STAKE_ERROR_CODES = [
  'INVALID_STAKE',
  'BELOW_MIN',
  'ABOVE_MAX',
  'INVALID_LIMITS',
] as const;
export type RouletteStakeErrorCode = (typeof ROULETTE_STAKE_ERROR_CODES)[number];

/** Why an announced (racetrack) bet was rejected. */
export const ANNOUNCED_BET_ERROR_CODES = ['UNKNOWN_ANNOUNCED_BET', 'INVALID_NEIGHBOURS'] as const;
export type AnnouncedBetErrorCode = (typeof ANNOUNCED_BET_ERROR_CODES)[number];

export const ROULETTE_ERROR_CODES = [
  ...ROULETTE_BET_ERROR_CODES,
  ...ROULETTE_STAKE_ERROR_CODES,
  ...ANNOUNCED_BET_ERROR_CODES,
  'INVALID_POCKET',
  'INVALID_SPIN_OPTIONS',
] as const;
export type RouletteErrorCode = (typeof ROULETTE_ERROR_CODES)[number];

/** What the game's rules refuse about a spin (`spinProblem`) or a player's bets together (`coverageProblem`). */
export const ROULETTE_RULE_CODES = ['NO_SPIN', 'COVERAGE_EXCEEDED'] as const;
export type RouletteRuleCode = (typeof ROULETTE_RULE_CODES)[number];

/** Default wording of every code the engine reports, for callers that show a code without a message. */
export const ROULETTE_ERROR_MESSAGES: Readonly<Record<RouletteErrorCode | RouletteRuleCode, string>> = {
  INVALID_BET: 'a bet must be an object with a type',
  UNKNOWN_BET_TYPE: 'unknown bet type',
  INVALID_NUMBERS: 'the numbers of an inside bet must be distinct integers 0..36',
  INVALID_SHAPE: 'the numbers do not form that shape on the layout',
  INVALID_COLUMN: 'column must be 1, 2 or 3',
  INVALID_DOZEN: 'dozen must be 1, 2 or 3',
  INVALID_STAKE: 'stake must be a positive whole number of minor units',
  BELOW_MIN: 'the stake is below the table minimum',
  ABOVE_MAX: 'the stake is above the table maximum',
  INVALID_LIMITS: 'table limits need 0 < min <= max for every bet type',
  UNKNOWN_ANNOUNCED_BET: 'unknown announced bet',
  INVALID_NEIGHBOURS: 'neighbour count must be 0..18',
  INVALID_POCKET: 'not a pocket 0..36',
  INVALID_SPIN_OPTIONS: 'revolutions need integers 0 <= min <= max',
  NO_SPIN: 'too few revolutions: a no-spin is repeated',
  COVERAGE_EXCEEDED: "a player's bets may not cover more than 92% of the numbers",
};

/** Thrown only for programming errors (a caller passing data it should have validated first). */
export class RouletteError extends Error {
  constructor(
    readonly code: RouletteErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'RouletteError';
  }
}
