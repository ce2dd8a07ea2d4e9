import { currencySchema } from '@casino/events';
import { z } from 'zod';

/**
 * The free-bet routes' schemas (docs/operator-integration.md#free-bets): what they validate with and what
 * docs/openapi/operator-api.json is generated from.
 */
const id = z.string().min(1).max(128);
const minor = z.string().describe('minor units, a decimal string');

/** The stake stays a string: the use case refuses anything but a positive 64-bit integer with INVALID_AMOUNT. */
export const freeBetGrantSchema = z
  .object({
    grantId: id.describe("the operator's id of the grant: its idempotency key"),
    currency: currencySchema,
    game: z.string().min(1).max(64).describe('the game the free bets are played at'),
    tableId: id.optional().describe('the one table they are played at (default: any table of the game)'),
    stake: z.string().max(40).describe('the stake of each free bet: a bet of exactly this stake uses one'),
    count: z.number().int().min(1).max(1000).describe('how many free bets'),
    expiresAt: z.string().datetime().describe('when the unused ones lapse (within a year)'),
    winningsAs: z
      .enum(['cash', 'bonus'])
      .optional()
      .describe(
        "how the winnings are paid (default cash): cash to the player's wallet, or bonus money under `bonus`'s terms",
      ),
    bonus: z
      .object({
        wageringMultiple: z
          .number()
          .int()
          .min(0)
          .max(1000)
          .describe('turnover needed before the winnings become cash, as a multiple of the winnings paid'),
        expiresAt: z
          .string()
          .datetime()
          .describe("when what is left of the winnings is removed: not before the free bets' expiresAt"),
        games: z
          .array(z.string().min(1).max(64))
          .min(1)
          .max(32)
          .optional()
          .describe(
            'the games the winnings may be staked at (default: every game whose rules allow bonus funds)',
          ),
      })
      .strict()
      .optional()
      .describe(
        "the terms of the bonus holding the winnings: required with winningsAs 'bonus', refused otherwise",
      ),
  })
  .strict();
export type FreeBetGrantRequest = z.infer<typeof freeBetGrantSchema>;

export const freeBetViewSchema = z
  .object({
    freeBetId: z.string(),
    grantId: z.string(),
    playerId: z.string(),
    currency: currencySchema,
    game: z.string(),
    tableId: z.string().nullable(),
    stake: minor,
    count: z.number().int(),
    used: z.number().int().describe('free bets used (a refunded or cancelled one is given back)'),
    expiresAt: z.string().datetime(),
    winningsAs: z.enum(['cash', 'bonus']),
    bonusGrantId: z
      .string()
      .nullable()
      .describe(
        "winningsAs 'bonus': the grant id of the bonus holding the winnings (`free-bets:` and the grant's id), listed and forfeited with the bonuses",
      ),
    createdAt: z.string().datetime(),
  })
  .strict();
export type FreeBetView = z.infer<typeof freeBetViewSchema>;

export const freeBetListSchema = z.object({ items: z.array(freeBetViewSchema) }).strict();
