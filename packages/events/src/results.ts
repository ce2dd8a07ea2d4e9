import { baccaratResultSchema } from '@casino/baccarat';
import { blackjackInputSchema, blackjackResultSchema } from '@casino/blackjack';
import { roundResultPayloadSchema, type RoundResultPayload } from '@casino/games';
import { rouletteResultSchema } from '@casino/roulette';
import { z } from 'zod';

// Each game's engine owns its result's wire schema (its game definition); @casino/games unions them.
export { baccaratResultSchema, rouletteResultSchema, blackjackInputSchema, blackjackResultSchema };
export { roundResultPayloadSchema };
export type { RoundResultPayload };

export type BlackjackInput = z.infer<typeof blackjackInputSchema>;
export type BaccaratResult = z.infer<typeof baccaratResultSchema>;
export type RouletteResult = z.infer<typeof rouletteResultSchema>;
export type BlackjackResult = z.infer<typeof blackjackResultSchema>;
