import { amountSchema, cardTextSchema, commonTableShape } from '@casino/game-kit';
import { z } from 'zod';
import { BACCARAT_BET_TYPES } from './bet-types';
import { PAY_TABLE_NAMES } from './pay-table';

// The platform's wire form of a baccarat bet, result and table (docs/events.md); @casino/events unions them.

export const baccaratBetTypeSchema = z.enum(BACCARAT_BET_TYPES);

export const baccaratBetSchema = z
  .object({ game: z.literal('baccarat'), type: baccaratBetTypeSchema })
  .strict();

/** Baccarat: every card dealt to the hands, in deal order (P1, B1, P2, B2, then third cards as drawn). */
export const baccaratResultSchema = z
  .object({ game: z.literal('baccarat'), cards: z.array(cardTextSchema).min(4).max(6) })
  .strict();

export const baccaratTableSchema = z
  .object({
    game: z.literal('baccarat'),
    ...commonTableShape,
    payTable: z.enum(PAY_TABLE_NAMES),
    /** |total on Player − total on Banker| at the table may not exceed this; absent = no limit. */
    maxDifference: amountSchema.optional(),
    /** Side-bet cut-offs count rounds of the shoe (docs/rules/baccarat.md). */
    roundInShoe: z.number().int().min(1),
    /** Last round of the shoe on which a bet type is accepted; absent = the engine's defaults (pairs 60, others 50). */
    sideBetLastRound: z.record(z.string(), z.number().int().min(0)).optional(),
  })
  .strict();

export type BaccaratWireBet = z.infer<typeof baccaratBetSchema>;
export type BaccaratWireResult = z.infer<typeof baccaratResultSchema>;
export type BaccaratWireTable = z.infer<typeof baccaratTableSchema>;
