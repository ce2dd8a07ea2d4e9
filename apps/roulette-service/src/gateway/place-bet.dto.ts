import { wireStakeSchema, wireTableIdSchema } from '@casino/table-kit/core';
import { z } from 'zod';

/** The spec is checked by the roulette engine (shape on the layout); here only that it is a small object. */
const specSchema = z
  .record(z.string(), z.unknown())
  .refine((o) => Object.keys(o).length <= 4, 'bet has too many fields');

/** `placeBet`: one basic bet `{ bet, stake }` or one announced (racetrack) bet `{ announced, unitStake }`. */
export const placeBetSchema = z.union([
  z
    .object({
      tableId: wireTableIdSchema,
      roundId: z.string().min(1).max(64).optional(),
      bet: specSchema,
      stake: wireStakeSchema,
    })
    .strict(),
  z
    .object({
      tableId: wireTableIdSchema,
      roundId: z.string().min(1).max(64).optional(),
      announced: specSchema,
      unitStake: wireStakeSchema,
    })
    .strict(),
]);
export type PlaceBetMessage = z.infer<typeof placeBetSchema>;
