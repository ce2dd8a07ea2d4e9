import { wireStakeSchema, wireTableIdSchema } from '@casino/table-kit/core';
import { z } from 'zod';

/** `placeBet`: a stake on one bet type; on the RNG table it adds chips to the layout until DEAL. */
export const placeBetSchema = z
  .object({
    tableId: wireTableIdSchema,
    roundId: z.string().min(1).max(64).optional(),
    type: z.string().min(1).max(32),
    stake: wireStakeSchema,
  })
  .strict();

/** `deal`, `clear`, `repeat`, `repeatDeal` on the RNG table. */
export const rngButtonSchema = z.object({ tableId: wireTableIdSchema }).strict();
