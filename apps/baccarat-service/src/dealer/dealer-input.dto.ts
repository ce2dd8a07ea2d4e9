import { z } from 'zod';

export const scannedCardSchema = z.object({ card: z.string().min(1).max(8) }).strict();
export const voidRoundSchema = z
  .object({ reason: z.enum(['misdeal', 'malfunction']), message: z.string().max(300).optional() })
  .strict();
