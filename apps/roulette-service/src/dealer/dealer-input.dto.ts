import { z } from 'zod';

export const announcedPocketSchema = z
  .object({
    pocket: z.number().int().min(0).max(36),
    revolutions: z.number().int().min(0).max(1000),
    /** The studio's signature of the result (docs/kafka-security.md#signed-live-results), passed on as it is. */
    signature: z.string().min(1).max(200).optional(),
  })
  .strict();
export const wheelReadySchema = z.object({ declaredBy: z.string().min(1).max(64) }).strict();
export const voidSpinSchema = z
  .object({
    reason: z.enum(['malfunction', 'cancelled']),
    message: z.string().max(300).optional(),
    approvalId: z.string().uuid().optional(),
  })
  .strict();
