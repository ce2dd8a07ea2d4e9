import { z } from 'zod';
import { defineEvent } from './envelope';
import { currencySchema, gameSchema, idSchema, timestampSchema } from './primitives';
import { resultAttestationSchema } from './result-attestation';
import { roundResultPayloadSchema } from './results';
import { shoeRefSchema, tableConfigSchema } from './table-config';
import { GAME_TOPIC_FAMILIES } from './topics';

/**
 * The table lease the event was committed under (table-kit's `game_table_leases`: the instance holding the table
 * and the lease's fencing epoch), stamped by the state store's commit. The ledger records it and refuses a round
 * opened under an epoch older than one it has seen for the table (docs/kafka-security.md#who-runs-a-table-the-table-lease).
 * Absent from events of a store without leases (in memory).
 */
export const tableLeaseSchema = z
  .object({ holder: z.string().min(1).max(200), epoch: z.number().int().positive() })
  .strict();
export type TableLease = z.infer<typeof tableLeaseSchema>;

const roundIds = {
  tableId: idSchema,
  roundId: idSchema,
  game: gameSchema,
  lease: tableLeaseSchema.optional(),
};

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
  /** The studio's signature of the result, required by the ledger on tables with a registered result key. */
  attestation: resultAttestationSchema.optional(),
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
