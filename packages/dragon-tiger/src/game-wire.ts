import { cardTextSchema, commonTableShape } from '@casino/game-kit';
import { z } from 'zod';
import { DRAGON_TIGER_BET_TYPES } from './rules';

// The platform's wire form of a Dragon Tiger bet, result and table (docs/events.md); @casino/games unions them.

export const dragonTigerBetSchema = z
  .object({ game: z.literal('dragonTiger'), type: z.enum(DRAGON_TIGER_BET_TYPES) })
  .strict();

/** The two cards dealt, in deal order: Dragon's, then Tiger's. */
export const dragonTigerResultSchema = z
  .object({ game: z.literal('dragonTiger'), cards: z.array(cardTextSchema).length(2) })
  .strict();

export const dragonTigerTableSchema = z
  .object({ game: z.literal('dragonTiger'), ...commonTableShape })
  .strict();

export type DragonTigerWireBet = z.infer<typeof dragonTigerBetSchema>;
export type DragonTigerWireResult = z.infer<typeof dragonTigerResultSchema>;
export type DragonTigerWireTable = z.infer<typeof dragonTigerTableSchema>;
