import { currencySchema, gameSchema } from '@casino/events';
import { z } from 'zod';
import {
  countrySchema,
  deviceSchema,
  launchModeSchema,
  launchUrlSchema,
  playerLimitsOptionSchema,
  realityCheckSchema,
} from './launch-options';

/**
 * The request schemas of the signed operator API: what the routes validate with, and (with the answers'
 * schemas in operator-api.responses.ts) what docs/openapi/operator-api.json is generated from.
 */
const id = z.string().min(1).max(128);

export const launchSchema = z
  .object({
    playerId: id,
    currency: currencySchema,
    game: gameSchema.optional(),
    tableId: id.optional(),
    language: z
      .string()
      .regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'a language tag like en or en-GB')
      .optional(),
    nickname: z.string().min(1).max(32).optional(),
    lobbyUrl: launchUrlSchema.optional(),
    cashierUrl: launchUrlSchema.optional(),
    country: countrySchema.optional(),
    device: deviceSchema.optional(),
    realityCheckMinutes: realityCheckSchema.optional(),
    playerLimits: playerLimitsOptionSchema.optional(),
    mode: launchModeSchema.optional(),
  })
  .strict();
export type LaunchRequest = z.infer<typeof launchSchema>;

export const playerPatchSchema = z
  .object({
    status: z.enum(['active', 'suspended']).optional(),
    nickname: z.string().min(1).max(32).optional(),
  })
  .strict()
  .refine((p) => p.status !== undefined || p.nickname !== undefined, 'status or nickname');
export type PlayerPatch = z.infer<typeof playerPatchSchema>;

/** The amount stays a string here: the use case refuses anything but a positive 64-bit integer with INVALID_AMOUNT. */
export const transferSchema = z
  .object({ transactionId: id, currency: currencySchema, amount: z.string().max(40) })
  .strict();
export type TransferRequest = z.infer<typeof transferSchema>;

export const pageSchema = z
  .object({
    cursor: z.string().max(512).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(50),
  })
  .strict();
export type PageQuery = z.infer<typeof pageSchema>;

const limitAmount = z.string().max(40).nullable().optional();

/** Amounts stay strings: the use case refuses anything but a decimal integer of minor units with INVALID_AMOUNT. */
export const gamblingLimitsSchema = z
  .object({
    currency: currencySchema,
    dailyWager: limitAmount,
    weeklyWager: limitAmount,
    dailyLoss: limitAmount,
    weeklyLoss: limitAmount,
    maxStake: limitAmount,
  })
  .strict();
export type GamblingLimitsRequest = z.infer<typeof gamblingLimitsSchema>;

export const gamblingLimitsQuerySchema = z.object({ currency: currencySchema }).strict();
export type GamblingLimitsQuery = z.infer<typeof gamblingLimitsQuerySchema>;
