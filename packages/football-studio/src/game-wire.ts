import { cardTextSchema, commonTableShape } from '@casino/game-kit';
import { z } from 'zod';
import { FOOTBALL_STUDIO_BET_TYPES } from './rules';

// The platform's wire form of a Football Studio bet, result and table (docs/events.md); @casino/games unions them.

export const footballStudioBetSchema = z
  .object({ game: z.literal('footballStudio'), type: z.enum(FOOTBALL_STUDIO_BET_TYPES) })
  .strict();

/** The two cards dealt, in deal order: Home's, then Away's. */
export const footballStudioResultSchema = z
  .object({ game: z.literal('footballStudio'), cards: z.array(cardTextSchema).length(2) })
  .strict();

export const footballStudioTableSchema = z
  .object({ game: z.literal('footballStudio'), ...commonTableShape })
  .strict();

export type FootballStudioWireBet = z.infer<typeof footballStudioBetSchema>;
export type FootballStudioWireResult = z.infer<typeof footballStudioResultSchema>;
export type FootballStudioWireTable = z.infer<typeof footballStudioTableSchema>;
