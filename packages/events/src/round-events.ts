import { z } from 'zod';
import { defineEvent } from './envelope';
import { currencySchema, gameSchema, idSchema, timestampSchema } from './primitives';
import { roundResultPayloadSchema } from './results';
import { shoeRefSchema, tableConfigSchema } from './table-config';
import { GAME_TOPIC_FAMILIES } from './topics';

const roundIds = { tableId: idSchema, roundId: idSchema, game: gameSchema };

/** A round opened for betting. Carries the table's settings for this round so every decision uses them. */
export const RoundOpened = defineEvent('RoundOpened', 1, GAME_TOPIC_FAMILIES.rounds, 'tableId', {
  ...roundIds,
  currency: currencySchema,
  table: tableConfigSchema,
  /** The shoe the round is dealt from (baccarat, blackjack); absent for roulette. */
  shoe: shoeRefSchema.optional(),
  bettingClosesAt: timestampSchema.optional(),
});

/** "No more bets": the ledger rejects every later bet as late and publishes the round's final bets. */
export const BettingClosed = defineEvent('BettingClosed', 1, GAME_TOPIC_FAMILIES.rounds, 'tableId', {
  ...roundIds,
});

/** The full result record of a round: cards in deal order, or pocket, or blackjack's input log. */
export const RoundResult = defineEvent('RoundResult', 1, GAME_TOPIC_FAMILIES.rounds, 'tableId', {
  ...roundIds,
  result: roundResultPayloadSchema,
  shoe: shoeRefSchema.optional(),
});

export const VOID_REASONS = ['malfunction', 'misdeal', 'cancelled', 'not-started'] as const;

/**
 * The round is void: every stake of it is refunded. A void of a round whose betting closed with stakes is applied
 * by the ledger only with a pit boss's approval of that round (docs/ledger.md#voids-after-betting-closed);
 * `approvalId` names the approval the dealer console was given, and must then be the ledger's.
 */
export const RoundVoided = defineEvent('RoundVoided', 1, GAME_TOPIC_FAMILIES.rounds, 'tableId', {
  ...roundIds,
  reason: z.enum(VOID_REASONS),
  message: z.string().max(500).optional(),
  approvalId: z.string().uuid().optional(),
});
