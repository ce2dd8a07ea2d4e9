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

/** A strictly positive amount (a stake). */
export const stakeSchema = amountSchema.refine((v) => v > 0n, 'stake must be positive');

/** A signed amount (a balance delta); only wallet events carry one. */
export const signedAmountSchema = z
  .string()
  .regex(/^-?(0|[1-9][0-9]*)$/, 'signed amount must be a decimal string of minor units')
  .max(31)
  .transform((s) => BigInt(s))
  .refine((v) => v <= MAX_MINOR_UNITS && v >= -MAX_MINOR_UNITS - 1n, 'signed amount must fit 64 bits');

/** ISO 4217 code. */
export const currencySchema = z.string().regex(/^[A-Z]{3}$/, 'currency must be an ISO 4217 code');

/** Ids are opaque strings chosen by their owner (UUIDs for events, service ids for tables and players). */
export const idSchema = z.string().min(1).max(128);

/**
 * ISO 8601 with an offset, as `z.string().datetime({ offset: true })`, whose regex zod v3 compiles again on every
 * parse (a seventh of the ledger's time decoding bet commands); compiled once here.
 */
const TIMESTAMP = z.datetimeRegex({ offset: true, precision: null, local: false });
export const timestampSchema = z.string().regex(TIMESTAMP, 'must be an ISO 8601 timestamp with an offset');

/** Card in text form, as in @casino/cards: rank A23456789TJQK + suit SHDC. */
export const cardTextSchema = z.string().regex(/^[A2-9TJQK][SHDC]$/, 'card must be text like "AS" or "TD"');

export const gameSchema = z.enum(['baccarat', 'blackjack', 'roulette']);
export type Game = z.infer<typeof gameSchema>;
