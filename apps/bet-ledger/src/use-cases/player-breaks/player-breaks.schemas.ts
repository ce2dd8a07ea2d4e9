import { z } from 'zod';

/** The longest break a player takes at once: a year, in hours. */
export const MAX_COOLING_OFF_HOURS = 8760;

/** POST /player/cooling-off: a break of `hours` from now (it never shortens one already running). */
export const coolingOffSchema = z
  .object({ hours: z.number().int().min(1).max(MAX_COOLING_OFF_HOURS) })
  .strict();
export type CoolingOffRequest = z.infer<typeof coolingOffSchema>;

const amount = z
  .string()
  .regex(/^(0|[1-9][0-9]{0,18})$/, 'a decimal string of minor units')
  .nullable()
  .optional();

/** The longest session a player limits theirs to: a day, in minutes. */
export const MAX_SESSION_MINUTES = 1440;

/**
 * PUT /player/limits: the player's own daily loss and stake limits (null removes one, after the raise delay) and
 * the length of their current session in minutes (it only ever shortens).
 */
export const playerLimitsSchema = z
  .object({
    dailyLoss: amount,
    maxStake: amount,
    sessionMinutes: z.number().int().min(1).max(MAX_SESSION_MINUTES).optional(),
  })
  .strict()
  .refine(
    (b) => b.dailyLoss !== undefined || b.maxStake !== undefined || b.sessionMinutes !== undefined,
    'dailyLoss, maxStake or sessionMinutes',
  );
export type PlayerLimitsRequest = z.infer<typeof playerLimitsSchema>;
