import { baccaratTableSchema } from '@casino/baccarat';
import { blackjackTableRules, blackjackTableSchema } from '@casino/blackjack';
import {
  betLimitSchema,
  currencyProfileSchema,
  limitProfileFor,
  tableCurrencies,
  type BetLimit,
  type CurrencyProfile,
  type LimitProfile,
} from '@casino/game-kit';
import { tableConfigSchema, type TableConfig } from '@casino/games';
import { rouletteTableSchema } from '@casino/roulette';
import { z } from 'zod';

/** Minimum and maximum stake for one bet (limit key: baccarat bet type, roulette bet type, blackjack kind). */
export { betLimitSchema };
export type { BetLimit };

/** A table's limit profile per currency (TableConfig.currencies; docs/ledger.md#currencies-per-table). */
export { currencyProfileSchema, limitProfileFor, tableCurrencies };
export type { CurrencyProfile, LimitProfile };

// Each game's engine owns its table config's wire schema (its game definition); @casino/games unions them.
export { baccaratTableSchema, rouletteTableSchema, blackjackTableSchema };
export type BaccaratTableConfig = z.infer<typeof baccaratTableSchema>;
export type RouletteTableConfig = z.infer<typeof rouletteTableSchema>;
export type BlackjackTableConfig = z.infer<typeof blackjackTableSchema>;

/** The engine's rules a blackjack table's config stands for (the cut card: the engine's default for its decks). */
export { blackjackTableRules };

/**
 * The table's settings for one round, snapshotted in RoundOpened so the ledger decides with what players saw.
 * Each game's own checks apply (a blackjack table's rules must pass the engine's validateTableRules, as the
 * service's configuration does: valid, and named as a variant where they depart from the operators' rules).
 */
export { tableConfigSchema };
export type { TableConfig };

/** The shoe a round is dealt from: its id and the published commitment hash (see @casino/cards commitment). */
export const shoeRefSchema = z
  .object({ shoeId: z.string().min(1).max(128), hash: z.string().regex(/^[0-9a-f]{64}$/) })
  .strict();
export type ShoeRef = z.infer<typeof shoeRefSchema>;
