import { currencySchema } from '@casino/events';
import { z } from 'zod';

/**
 * The bonus routes' schemas (docs/operator-integration.md#bonus-funds): what they validate with and what
 * docs/openapi/operator-api.json is generated from.
 */
const id = z.string().min(1).max(128);
const minor = z.string().describe('minor units, a decimal string');

/** The amount stays a string: the use case refuses anything but a positive 64-bit integer with INVALID_AMOUNT. */
export const bonusGrantSchema = z
  .object({
    grantId: id.describe("the operator's id of the grant: its idempotency key"),
    currency: currencySchema,
    amount: z.string().max(40),
    wageringMultiple: z
      .number()
      .int()
      .min(0)
      .max(1000)
      .describe('turnover needed before the bonus becomes cash, as a multiple of the amount'),
    expiresAt: z.string().datetime().describe('when what is left of the bonus is removed (within a year)'),
    games: z
      .array(z.string().min(1).max(64))
      .min(1)
      .max(32)
      .optional()
      .describe('the games it may be staked at (default: every game whose rules allow bonus funds)'),
  })
  .strict();
export type BonusGrantRequest = z.infer<typeof bonusGrantSchema>;

export const bonusForfeitSchema = z.object({ reason: z.string().min(1).max(500) }).strict();
export type BonusForfeitRequest = z.infer<typeof bonusForfeitSchema>;

export const bonusViewSchema = z
  .object({
    bonusId: z.string(),
    grantId: z.string(),
    playerId: z.string(),
    currency: currencySchema,
    amount: minor,
    wageringMultiple: z.number().int(),
    requirement: minor.describe('turnover needed: amount × wageringMultiple'),
    wagered: minor.describe('settled turnover at eligible games so far'),
    games: z.array(z.string()).nullable(),
    expiresAt: z.string().datetime(),
    status: z.enum(['active', 'converted', 'forfeited', 'expired']),
    balance: minor.describe('bonus money left to play (0 once ended)'),
    converted: minor.describe('bonus money that became cash'),
    forfeited: minor.describe('bonus money removed by a forfeit or the expiry'),
    createdAt: z.string().datetime(),
    endedAt: z.string().datetime().nullable(),
  })
  .strict();
export type BonusView = z.infer<typeof bonusViewSchema>;

export const bonusListSchema = z.object({ items: z.array(bonusViewSchema) }).strict();
