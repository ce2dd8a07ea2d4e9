/** Why the engine refused a round set-up or an input. Stable strings: services relay them to clients. */
export const BLACKJACK_ERROR_CODES = [
  'INVALID_RULES',
  'INVALID_SEAT',
  'DUPLICATE_SEAT',
  'INVALID_PLAYER',
  'INVALID_STAKE',
  'NO_BETS',
  'INVALID_INPUT',
  'INVALID_CARD',
  'UNEXPECTED_CARD',
  'NOT_YOUR_TURN',
  'UNKNOWN_SEAT',
  'CANNOT_HIT',
  'CANNOT_STAND',
  'CANNOT_DOUBLE',
  'CANNOT_SPLIT',
  'NO_INSURANCE_OFFERED',
  'INSURANCE_ALREADY_DECIDED',
  'NO_DECISION_AWAITED',
  'ROUND_SETTLED',
  'ROUND_NOT_SETTLED',
] as const;
export type BlackjackErrorCode = (typeof BLACKJACK_ERROR_CODES)[number];

export class BlackjackError extends Error {
  constructor(
    readonly code: BlackjackErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'BlackjackError';
  }
}

/** A refused input as plain data (what `tryStep` returns instead of throwing). */
export interface BlackjackRejection {
  code: BlackjackErrorCode;
  message: string;
}
