import { PLAYER_ACTIONS, SEAT_COUNT } from '@casino/blackjack';
import { POCKET_COUNT } from '@casino/roulette';
import { z } from 'zod';
import { blackjackSeatSchema, handIdSchema } from './bet-specs';
import { cardTextSchema, idSchema, stakeSchema } from './primitives';

/** Baccarat: every card dealt to the hands, in deal order (P1, B1, P2, B2, then third cards as drawn). */
export const baccaratResultSchema = z
  .object({ game: z.literal('baccarat'), cards: z.array(cardTextSchema).min(4).max(6) })
  .strict();

/** Roulette: the winning pocket and how many revolutions the ball made (a valid spin needs at least 3). */
export const rouletteResultSchema = z
  .object({
    game: z.literal('roulette'),
    pocket: z
      .number()
      .int()
      .min(0)
      .max(POCKET_COUNT - 1),
    revolutions: z.number().int().min(0).max(1000),
  })
  .strict();

/** One entry of the blackjack round's input log; replaying the log through the engine reproduces the round. */
export const blackjackInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('card'), card: cardTextSchema }).strict(),
  z.object({ kind: z.literal('insurance'), seat: blackjackSeatSchema, take: z.boolean() }).strict(),
  z
    .object({
      kind: z.literal('action'),
      seat: blackjackSeatSchema,
      hand: handIdSchema,
      action: z.enum(PLAYER_ACTIONS),
      /** Double for less: the additional stake; the ledger replays with the stake it accepted, never this one. */
      stake: stakeSchema.optional(),
    })
    .strict(),
  z.object({ kind: z.literal('timeout') }).strict(),
]);
export type BlackjackInput = z.infer<typeof blackjackInputSchema>;

/** Blackjack: the seats dealt in (with their players) and the full input log (cards in order + decisions). */
export const blackjackResultSchema = z
  .object({
    game: z.literal('blackjack'),
    seats: z.array(z.object({ seat: blackjackSeatSchema, playerId: idSchema }).strict()).max(SEAT_COUNT),
    inputs: z.array(blackjackInputSchema).max(400),
  })
  .strict();

export const roundResultPayloadSchema = z.discriminatedUnion('game', [
  baccaratResultSchema,
  rouletteResultSchema,
  blackjackResultSchema,
]);
export type RoundResultPayload = z.infer<typeof roundResultPayloadSchema>;
export type BaccaratResult = z.infer<typeof baccaratResultSchema>;
export type RouletteResult = z.infer<typeof rouletteResultSchema>;
export type BlackjackResult = z.infer<typeof blackjackResultSchema>;
