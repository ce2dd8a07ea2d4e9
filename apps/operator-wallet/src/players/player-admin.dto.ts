import { amountSchema, currencySchema, stakeSchema } from '@casino/events';
import { z } from 'zod';

/** PUT /admin/players/:playerId: opens the player's wallet or sets it (balance, status, stake limit). */
export const putPlayerSchema = z
  .object({
    currency: currencySchema,
    balance: amountSchema,
    status: z.enum(['active', 'blocked']).default('active'),
    maxStake: stakeSchema.nullable().default(null),
  })
  .strict();
export type PutPlayer = z.infer<typeof putPlayerSchema>;
