import { wireStakeSchema, wireTableIdSchema } from '@casino/table-kit/core';
import { z } from 'zod';

/** The bet's fields are checked by the table's game definition; here only that it is a small object. */
const betSchema = z
  .record(z.string(), z.unknown())
  .refine((o) => Object.keys(o).length <= 4, 'bet has too many fields');

/** `placeBet`: one bet `{ bet, stake }`, e.g. `{ bet: { type: 'big' } }`, `{ bet: { type: 'dragon' } }`. */
export const placeBetSchema = z
  .object({
    tableId: wireTableIdSchema,
    roundId: z.string().min(1).max(64).optional(),
    bet: betSchema,
    stake: wireStakeSchema,
  })
  .strict();
export type PlaceBetMessage = z.infer<typeof placeBetSchema>;
