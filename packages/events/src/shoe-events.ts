import { dealsFromShoe } from '@casino/games';
import { z } from 'zod';
import { defineEvent } from './envelope';
import { cardTextSchema, gameSchema, idSchema } from './primitives';
import { shoeRefSchema } from './table-config';
import { GAME_TOPIC_FAMILIES } from './topics';

/** Largest shoe a table deals from: 8 decks of 52 cards. */
const MAX_SHOE_CARDS = 8 * 52;

const saltHexSchema = z.string().regex(/^[0-9a-f]{64}$/, 'salt must be 64 lowercase hex characters');

/** A shoe's published commitment, the same shape as @casino/cards' ShoeCommitment. */
export const shoeCommitmentSchema = z
  .object({
    algorithm: z.literal('sha256'),
    decks: z.number().int().min(1).max(8),
    cardCount: z.number().int().min(1).max(MAX_SHOE_CARDS),
    hash: shoeRefSchema.shape.hash,
  })
  .strict();
export type ShoeCommitmentPayload = z.infer<typeof shoeCommitmentSchema>;

/** A finished shoe's full order (first card drawn first) and salt, the same shape as @casino/cards' ShoeReveal. */
export const shoeRevealSchema = z
  .object({ order: z.array(cardTextSchema).min(1).max(MAX_SHOE_CARDS), salt: saltHexSchema })
  .strict();
export type ShoeRevealPayload = z.infer<typeof shoeRevealSchema>;

/**
 * An automatic shoe is finished and revealed: `verifyCommitment(commitment, reveal)` of @casino/cards checks it
 * against the hash its rounds' RoundOpened carried. Only well-formed here, not verified: a reveal that fails the
 * check is still delivered, so the consumer can record the failure.
 */
export const ShoeRevealed = defineEvent('ShoeRevealed', 1, GAME_TOPIC_FAMILIES.rounds, 'tableId', {
  tableId: idSchema,
  /** Only a game dealt from a shoe (its definition's `consumedCards`) reveals one. */
  game: gameSchema.refine(dealsFromShoe, 'the game deals from no shoe'),
  shoeId: shoeRefSchema.shape.shoeId,
  commitment: shoeCommitmentSchema,
  reveal: shoeRevealSchema,
  /** Rounds the table numbered from this shoe (its round-in-shoe count when the shoe ended). */
  roundsDealt: z.number().int().min(0),
});
