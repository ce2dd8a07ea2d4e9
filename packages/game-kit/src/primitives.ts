import { z } from 'zod';

/** The largest amount of minor units the platform stores (PostgreSQL bigint, 2^63 − 1). */
export const MAX_MINOR_UNITS = 9_223_372_036_854_775_807n;

/**
 * Money crosses the wire as a decimal string of minor units ("1250" = 12.50 EUR): JSON numbers lose precision
 * past 2^53 and invite floats. Parsing turns it into a bigint; encoding turns it back into a string.
 */
export const amountSchema = z
  .string()
  .regex(/^(0|[1-9][0-9]*)$/, 'amount must be a decimal string of minor units (no sign, no fraction)')
  .max(30)
  .transform((s) => BigInt(s))
  // Every amount fits PostgreSQL's bigint, where balances and stakes are stored: a larger one is refused here,
  // at the edge, instead of failing a ledger transaction.
  .refine((v) => v <= MAX_MINOR_UNITS, 'amount must be at most 9223372036854775807 (64-bit)');

/**
 * z.record whose refused key says why: zod 4 reports a key its schema refuses as one `invalid_key` issue worded
 * "Invalid key in record"; this one takes the key schema's own message ("currency must be an ISO 4217 code").
 */
export function recordOf<K extends z.core.$ZodRecordKey, V extends z.core.SomeType>(key: K, value: V) {
  return z.record(key, value, {
    error: (issue) => (issue.code === 'invalid_key' ? issue.issues[0]?.message : undefined),
  });
}

/** A strictly positive amount (a stake). */
export const stakeSchema = amountSchema.refine((v) => v > 0n, 'stake must be positive');

/** Ids are opaque strings chosen by their owner (UUIDs for events, service ids for tables and players). */
export const idSchema = z.string().min(1).max(128);

/** Card in text form, as in @casino/cards: rank A23456789TJQK + suit SHDC. */
export const cardTextSchema = z.string().regex(/^[A2-9TJQK][SHDC]$/, 'card must be text like "AS" or "TD"');

/** Minimum and maximum stake for one bet (per limit key). */
export const betLimitSchema = z.object({ min: stakeSchema, max: stakeSchema }).strict();
export type BetLimit = z.infer<typeof betLimitSchema>;

/**
 * One currency's limit profile of a table that takes bets in several currencies: its own minimums and maximums,
 * table maxima, VIP ceilings and (baccarat) maximum difference, all in that currency's minor units. No exchange
 * rate is ever applied to a bet: each currency's bets are checked against its own profile only.
 */
export const currencyProfileSchema = z
  .object({
    limits: z.record(z.string(), betLimitSchema),
    tableMax: z.record(z.string(), amountSchema).default({}),
    vipMax: z.record(z.string(), amountSchema).optional(),
    /** A game with a maximum difference between two keys (baccarat: Player and Banker), in this currency. */
    maxDifference: amountSchema.optional(),
  })
  .strict();
export type CurrencyProfile = z.infer<typeof currencyProfileSchema>;

/** The settings every game's table config has (docs/events.md, RoundOpened.table). */
export const commonTableShape = {
  /** Per bet, per limit key. A bet kind without an entry is not offered at this table. */
  limits: z.record(z.string(), betLimitSchema),
  /** Table-wide cap on the total staked per limit key in one round (baccarat tie and side bets). */
  tableMax: z.record(z.string(), amountSchema).default({}),
  /**
   * The table's exposure ceiling for VIP grants, per limit key: the most a player's operator-granted VIP maximum
   * may lift that bet's maximum to at this table. A key without an entry keeps the table's maximum for everyone
   * (docs/rules/restrictions.md#vip-limits).
   */
  vipMax: z.record(z.string(), amountSchema).optional(),
  /**
   * The other currencies the table takes bets in, each with its own limit profile (docs/ledger.md#currencies-per-table).
   * The table's own currency (RoundOpened.currency) uses the top-level `limits`, `tableMax`, `vipMax` and
   * `maxDifference`; absent: the table takes its own currency only.
   */
  currencies: recordOf(
    z.string().regex(/^[A-Z]{3}$/, 'currency must be an ISO 4217 code'),
    currencyProfileSchema,
  ).optional(),
};

/**
 * The revealed seeds of a provably fair round (docs/cards.md#provably-fair-shuffle): the server seed committed to
 * before betting opened (64 lowercase hex), the client seed (`CLIENT_SEED_PATTERN` of @casino/cards) and the nonce.
 */
export const fairRevealSchema = z
  .object({
    serverSeed: z.string().regex(/^[0-9a-f]{64}$/, 'the server seed is 64 lowercase hex characters'),
    clientSeed: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'the client seed is 1-64 of A-Z a-z 0-9 . _ -'),
    nonce: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  })
  .strict();

/**
 * The one stake-range check of the platform (docs/rules/restrictions.md#table-limits): a stake below a limit's
 * minimum or above its maximum. The engines' bet validation and the ledger's decision (events' betLimitProblem)
 * both call it, each naming the problem in its own codes.
 */
export function stakeRangeProblem(
  stake: bigint,
  limit: { readonly min: bigint; readonly max: bigint },
): 'BELOW_MIN' | 'ABOVE_MAX' | null {
  if (stake < limit.min) return 'BELOW_MIN';
  if (stake > limit.max) return 'ABOVE_MAX';
  return null;
}

/** What a bet in one currency is checked against: the top-level settings, or one of `currencies`' profiles. */
export interface LimitProfile {
  readonly limits: Readonly<Record<string, BetLimit>>;
  readonly tableMax: Readonly<Record<string, bigint>>;
  readonly vipMax?: Readonly<Record<string, bigint>>;
  readonly maxDifference?: bigint;
}

/**
 * The limit profile of `currency` at a table whose own currency is `home` (docs/ledger.md#currencies-per-table):
 * the top-level settings for the home currency, the listed profile for another, undefined for a currency the
 * table does not take.
 */
export function limitProfileFor(
  config: {
    readonly limits: Readonly<Record<string, BetLimit>>;
    readonly tableMax?: Readonly<Record<string, bigint>>;
    readonly vipMax?: Readonly<Record<string, bigint>>;
    readonly maxDifference?: bigint;
    readonly currencies?: Readonly<Record<string, CurrencyProfile>>;
  },
  home: string,
  currency: string,
): LimitProfile | undefined {
  if (currency === home)
    return {
      limits: config.limits,
      tableMax: config.tableMax ?? {},
      ...(config.vipMax ? { vipMax: config.vipMax } : {}),
      ...(config.maxDifference !== undefined ? { maxDifference: config.maxDifference } : {}),
    };
  const profile = config.currencies?.[currency];
  if (!profile) return undefined;
  return { ...profile, tableMax: profile.tableMax ?? {} };
}

/** Every currency a table takes bets in: its own first, then the listed ones in code order. */
export function tableCurrencies(
  config: { readonly currencies?: Readonly<Record<string, unknown>> },
  home: string,
) {
  return [
    home,
    ...Object.keys(config.currencies ?? {})
      .filter((c) => c !== home)
      .sort(),
  ];
}
