import { MAX_SPLIT_HANDS, PLAYER_ACTIONS, SEAT_COUNT } from '@casino/blackjack';
import { wireStakeSchema, wireTableIdSchema } from '@casino/table-kit/core';
import { z } from 'zod';

const seat = z.number().int().min(1).max(SEAT_COUNT);

/** `placeBet`: a main bet on a seat (taking the seat for the round). */
export const placeBetSchema = z
  .object({
    tableId: wireTableIdSchema,
    roundId: z.string().min(1).max(64).optional(),
    seat,
    stake: wireStakeSchema,
  })
  .strict();

/** `decide`: a decision for the hand whose turn it is. */
export const decideSchema = z
  .object({
    tableId: wireTableIdSchema,
    seat,
    hand: z
      .number()
      .int()
      .min(0)
      .max(MAX_SPLIT_HANDS - 1),
    action: z.enum(PLAYER_ACTIONS),
  })
  .strict();

/** `insurance`: take or decline insurance for a seat while it is offered. */
export const insuranceSchema = z.object({ tableId: wireTableIdSchema, seat, take: z.boolean() }).strict();
