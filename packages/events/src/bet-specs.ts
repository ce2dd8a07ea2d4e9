import { BACCARAT_BET_TYPES, baccaratBetSchema, baccaratBetTypeSchema } from '@casino/baccarat';
import {
  BLACKJACK_STAKE_KINDS,
  blackjackBetSchema,
  blackjackSeatSchema,
  blackjackStakeKindSchema,
  handIdSchema,
} from '@casino/blackjack';
import { betLimitKey, betSpecSchema, betSpotKey, type BetSpec } from '@casino/games';
import { ROULETTE_BET_TYPES, rouletteBetSchema, rouletteBetSpecSchema } from '@casino/roulette';
import { z } from 'zod';

// Each game's engine owns its bet types and wire schema (its game definition); @casino/games unions them.
export { BACCARAT_BET_TYPES, BLACKJACK_STAKE_KINDS, ROULETTE_BET_TYPES };
export { baccaratBetTypeSchema, baccaratBetSchema, rouletteBetSpecSchema, rouletteBetSchema };
export { blackjackStakeKindSchema, blackjackSeatSchema, handIdSchema, blackjackBetSchema };

export type BaccaratBetType = z.infer<typeof baccaratBetTypeSchema>;
export type RouletteBetSpec = z.infer<typeof rouletteBetSpecSchema>;
export type RouletteBetType = RouletteBetSpec['type'];
export type BlackjackStakeKind = z.infer<typeof blackjackStakeKindSchema>;

/** What a bet is on, per game (the registry's union of the games' bet schemas). */
export { betSpecSchema };
export type { BetSpec };
export type BaccaratBet = z.infer<typeof baccaratBetSchema>;
export type RouletteBet = z.infer<typeof rouletteBetSchema>;
export type BlackjackBet = z.infer<typeof blackjackBetSchema>;

/**
 * The limit key of a bet (baccarat bet type, roulette bet type, blackjack stake kind) and the spot it is placed
 * on (docs/rules/restrictions.md#table-limits): each game's definition says.
 */
export { betLimitKey, betSpotKey };
