import { z } from 'zod';
import { dealerIdSchema } from './dealer-account';

/** POST /dealer/login. The password's own rules are the admin command's; here only a sane size. */
export const loginSchema = z
  .object({ dealerId: dealerIdSchema, password: z.string().min(1).max(256) })
  .strict();
