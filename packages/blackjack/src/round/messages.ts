import { BlackjackErrorCode } from '../core/errors';
import { AdditionalStakeCode } from './additional-stake';

export type BlackjackCode = BlackjackErrorCode | AdditionalStakeCode;

/** Default wording of every code the engine reports, for callers that show a code without a message. */
export const BLACKJACK_ERROR_MESSAGES: Readonly<Record<BlackjackCode, string>> = {
  INVALID_RULES: 'the table rules are not valid',
  INVALID_SEAT: 'no such seat at the table',
  DUPLICATE_SEAT: 'a seat is listed twice',
  INVALID_PLAYER: 'a seat has no player',
  INVALID_STAKE: 'the stake is not valid here',
  NO_BETS: 'no seat holds a bet',
  INVALID_INPUT: 'the input is not valid',
  INVALID_CARD: 'not a card',
  UNEXPECTED_CARD: 'no card is expected now',
  NOT_YOUR_TURN: 'no decision is awaited from this hand',
  UNKNOWN_SEAT: 'the seat has no bet in this round',
  CANNOT_HIT: 'hit is not allowed on this hand',
  CANNOT_STAND: 'stand is not allowed on this hand',
  CANNOT_DOUBLE: 'double is not allowed on this hand',
  CANNOT_SPLIT: 'split is not allowed on this hand',
  NO_INSURANCE_OFFERED: 'insurance is not being offered now',
  INSURANCE_ALREADY_DECIDED: 'the seat already decided on insurance',
  NO_DECISION_AWAITED: 'no player decision is awaited',
  ROUND_SETTLED: 'the round is already settled',
  ROUND_NOT_SETTLED: 'the round is not settled yet',
  NO_MAIN_BET: 'the seat holds no accepted main bet of this player',
  SPLIT_HAND_OUT_OF_RANGE: 'a split cannot make that hand at this table',
  HAND_ALREADY_SPLIT: 'the hand is already split',
  SPLIT_OUT_OF_ORDER: 'splits make hands in order',
  SPLIT_STAKE_NOT_MAIN: 'a split stake equals the main stake',
  NO_SUCH_HAND: 'the seat has no such hand',
  NO_DOUBLE_AFTER_SPLIT: 'no doubling after a split at this table',
  HAND_ALREADY_DOUBLED: 'the hand is already doubled',
  DOUBLE_ABOVE_HAND_STAKE: "a double may not exceed the hand's stake",
  NO_INSURANCE_AT_TABLE: 'no insurance at this table',
  SEAT_ALREADY_INSURED: 'the seat is already insured',
  WRONG_INSURANCE_STAKE: 'insurance costs half the main stake',
  UNKNOWN_STAKE_KIND: 'unknown stake kind',
};
