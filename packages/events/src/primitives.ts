import { GAME_IDS, GameId } from '@casino/games';
import { MAX_MINOR_UNITS } from '@casino/game-kit';
import { z } from 'zod';

// The money, id and card primitives are the game kit's (every game's wire schemas use them).
export {
  amountSchema,
  cardTextSchema,
  idSchema,
  MAX_MINOR_UNITS,
  recordOf,
  stakeSchema,
} from '@casino/game-kit';

/** A signed amount (a balance delta); only wallet events carry one. */
export const signedAmountSchema = z
  .string()
  .regex(/^-?(0|[1-9][0-9]*)$/, 'signed amount must be a decimal string of minor units')
  .max(31)
  .transform((s) => BigInt(s))
  .refine((v) => v <= MAX_MINOR_UNITS && v >= -MAX_MINOR_UNITS - 1n, 'signed amount must fit 64 bits');

/** ISO 4217 code. */
export const currencySchema = z.string().regex(/^[A-Z]{3}$/, 'currency must be an ISO 4217 code');

/**
 * ISO 8601 with an offset (`Z` or `±hh:mm`), to the second (with any fraction) or to the minute: zod 4's datetime
 * format takes one precision, so the minute one is the second option. Each compiles its regex once, with the schema.
 */
export const timestampSchema = z.union(
  [z.iso.datetime({ offset: true }), z.iso.datetime({ offset: true, precision: -1 })],
  { error: 'must be an ISO 8601 timestamp with an offset' },
);

/** A platform game's id: the games registry's (@casino/games) ids. */
export const gameSchema = z.enum(GAME_IDS);
export type Game = GameId;
