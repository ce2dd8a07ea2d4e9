/** Why the engine refused a card record, a stake or a bet type. */
export type BaccaratErrorCode =
  | 'MISDEAL'
  | 'INVALID_CARD'
  | 'INVALID_STAKE'
  | 'UNKNOWN_BET_TYPE'
  | 'UNKNOWN_VARIANT'
  | 'UNKNOWN_PAY_TABLE'
  | 'INVALID_DECKS';

export class BaccaratError extends Error {
  constructor(
    readonly code: BaccaratErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'BaccaratError';
  }
}
