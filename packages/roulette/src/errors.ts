/** Why a bet description was rejected by `validateBet`. */
export type RouletteBetErrorCode =
  | 'INVALID_BET'
  | 'UNKNOWN_BET_TYPE'
  | 'INVALID_NUMBERS'
  | 'INVALID_SHAPE'
  | 'INVALID_COLUMN'
  | 'INVALID_DOZEN';

/** Why a stake was rejected by `validateStake` (or table limits by `validateTableLimits`). */
export type RouletteStakeErrorCode = 'INVALID_STAKE' | 'BELOW_MIN' | 'ABOVE_MAX' | 'INVALID_LIMITS';

/** Why an announced (racetrack) bet was rejected. */
export type AnnouncedBetErrorCode = 'UNKNOWN_ANNOUNCED_BET' | 'INVALID_NEIGHBOURS';

export type RouletteErrorCode =
  | RouletteBetErrorCode
  | RouletteStakeErrorCode
  | AnnouncedBetErrorCode
  | 'INVALID_POCKET'
  | 'INVALID_SPIN_OPTIONS';

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
