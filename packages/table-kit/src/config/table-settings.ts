import { z } from 'zod';
import { tableCurrenciesSchema } from './currency-profiles';
import { msSchema } from './load-config';

/** The settings every game's table has, in the TABLES list (and `timers`, see gameTableSchema). */
const tableSettingsShape = {
  /** 1-48 characters that are safe in URLs, socket rooms and Kafka keys. */
  id: z.string().regex(/^[A-Za-z0-9._-]{1,48}$/, 'table id: 1-48 characters of A-Z a-z 0-9 . _ -'),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('EUR'),
  /** `auto`: the service deals (or spins) by itself; `studio`: a dealer at the table, through the dealer console. */
  dealer: z.enum(['auto', 'studio']).default('auto'),
  /** The other currencies the table takes, each with its own limit profile (docs/ledger.md#currencies-per-table). */
  currencies: tableCurrenciesSchema.optional(),
};

/** The timers every game's round has. */
const roundTimersShape = {
  /** Betting window. */
  bettingMs: msSchema,
  /** Result on screen before the next round opens. */
  resultMs: msSchema,
};

/** A game's timers: the betting window and the result pause of every round, and the game's own. */
export function gameTimersSchema<T extends z.ZodRawShape>(own: T) {
  return z.object({ ...roundTimersShape, ...own }).strict();
}

/**
 * A game's table in TABLES: the id, currency and dealer every table has, the game's own settings, and `timers`
 * that override the service's defaults for this table.
 */
export function gameTableSchema<T extends z.ZodRawShape, M extends z.ZodRawShape>(
  timers: z.ZodObject<M, z.core.$strict>,
  own: T,
) {
  return z.object({ ...tableSettingsShape, ...own, timers: timers.partial().optional() }).strict();
}

/** Where a card shoe's cut card goes: at a fixed depth from the back, or drawn in a range for each shoe. */
export const cutCardSchema = z.union([
  z.object({ fromBack: z.number().int().min(1) }).strict(),
  z.object({ minFromBack: z.number().int().min(1), maxFromBack: z.number().int().min(1) }).strict(),
]);
