import { CLIENT_SEED_MAX_LENGTH, CLIENT_SEED_PATTERN } from '@casino/cards';
import { wireTableIdSchema } from '@casino/table-kit/core';
import { z } from 'zod';

/** `setClientSeed` on the RNG table: the player's seed for the next rounds' shuffles (provably fair). */
export const clientSeedSchema = z
  .object({
    tableId: wireTableIdSchema,
    clientSeed: z
      .string()
      .min(1)
      .max(CLIENT_SEED_MAX_LENGTH)
      .regex(CLIENT_SEED_PATTERN, 'letters, digits, ".", "_" and "-" only'),
  })
  .strict();
