import { BACCARAT_BET_TYPES } from '@casino/baccarat';
import { BLACKJACK_STAKE_KINDS, MAX_SPLIT_HANDS, SEAT_COUNT } from '@casino/blackjack';
import { POCKET_COUNT, ROULETTE_BET_TYPES, RouletteBetType as EngineRouletteBetType } from '@casino/roulette';
import { z } from 'zod';

// The engines own the bet types; the schemas only spell them for the wire.
export { BACCARAT_BET_TYPES, BLACKJACK_STAKE_KINDS, ROULETTE_BET_TYPES };

export const baccaratBetTypeSchema = z.enum(BACCARAT_BET_TYPES);
export type BaccaratBetType = z.infer<typeof baccaratBetTypeSchema>;

export const baccaratBetSchema = z
  .object({ game: z.literal('baccarat'), type: baccaratBetTypeSchema })
  .strict();

const pocket = z
  .number()
  .int()
  .min(0)
  .max(POCKET_COUNT - 1);

/**
 * Roulette bet spec, as the roulette engine takes it. Inside bets list their numbers; the engine checks that they
 * form the named shape on the layout (a schema-valid spec may still be rejected as INVALID_BET).
 */
export const rouletteBetSpecSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('straight'), numbers: z.array(pocket).length(1) }).strict(),
  z.object({ type: z.literal('split'), numbers: z.array(pocket).length(2) }).strict(),
  z.object({ type: z.literal('street'), numbers: z.array(pocket).length(3) }).strict(),
  z.object({ type: z.literal('corner'), numbers: z.array(pocket).length(4) }).strict(),
  z.object({ type: z.literal('sixLine'), numbers: z.array(pocket).length(6) }).strict(),
  z
    .object({ type: z.literal('column'), column: z.union([z.literal(1), z.literal(2), z.literal(3)]) })
    .strict(),
  z.object({ type: z.literal('dozen'), dozen: z.union([z.literal(1), z.literal(2), z.literal(3)]) }).strict(),
  z.object({ type: z.literal('red') }).strict(),
  z.object({ type: z.literal('black') }).strict(),
  z.object({ type: z.literal('odd') }).strict(),
  z.object({ type: z.literal('even') }).strict(),
  z.object({ type: z.literal('low') }).strict(),
  z.object({ type: z.literal('high') }).strict(),
]);
export type RouletteBetSpec = z.infer<typeof rouletteBetSpecSchema>;
export type RouletteBetType = RouletteBetSpec['type'];

/** Two unions are the same set of members. */
type SameUnion<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// Each roulette shape needs its own schema, so the union is spelled out; this fails to compile if it drifts.
const rouletteSchemaMatchesEngine: SameUnion<RouletteBetType, EngineRouletteBetType> = true;
void rouletteSchemaMatchesEngine;

export const rouletteBetSchema = z
  .object({ game: z.literal('roulette'), spec: rouletteBetSpecSchema })
  .strict();

/**
 * Blackjack stakes: `main` is placed in the betting window; `double`, `split` and `insurance` are the mid-round
 * stakes, placed at their moment in the round. `hand` is 0 for the seat's first hand, 1 for the hand a split made
 * (a split stake names the new hand: hand 1).
 */
export const blackjackStakeKindSchema = z.enum(BLACKJACK_STAKE_KINDS);
export type BlackjackStakeKind = z.infer<typeof blackjackStakeKindSchema>;
/** Seats are numbered 1..7 from the dealer's left (as in @casino/blackjack). */
export const blackjackSeatSchema = z.number().int().min(1).max(SEAT_COUNT);
/** Hand id within a seat: 0 = the original hand, 1.. = hands made by splits, in the order they were made. */
export const handIdSchema = z
  .number()
  .int()
  .min(0)
  .max(MAX_SPLIT_HANDS - 1);

export const blackjackBetSchema = z
  .object({
    game: z.literal('blackjack'),
    seat: blackjackSeatSchema,
    kind: blackjackStakeKindSchema,
    hand: handIdSchema.default(0),
  })
  .strict();

/** What a bet is on, per game. */
export const betSpecSchema = z.discriminatedUnion('game', [
  baccaratBetSchema,
  rouletteBetSchema,
  blackjackBetSchema,
]);
export type BetSpec = z.infer<typeof betSpecSchema>;
export type BaccaratBet = z.infer<typeof baccaratBetSchema>;
export type RouletteBet = z.infer<typeof rouletteBetSchema>;
export type BlackjackBet = z.infer<typeof blackjackBetSchema>;

/** The limit key of a bet: baccarat bet type, roulette bet type, blackjack stake kind. */
/**
 * The spot a bet is placed on, for the per-player maximum of a spot (docs/rules/restrictions.md#table-limits):
 * chips on one spot count as one bet of their sum. Baccarat: the bet type; roulette: the bet with its numbers;
 * blackjack: the seat's main bet (mid-round stakes follow their own rules).
 */
export function betSpotKey(bet: BetSpec): string {
  switch (bet.game) {
    case 'baccarat':
      return bet.type;
    case 'roulette': {
      const spec = bet.spec;
      if ('numbers' in spec) return `${spec.type}:${[...spec.numbers].sort((a, b) => a - b).join('-')}`;
      if ('column' in spec) return `column:${spec.column}`;
      if ('dozen' in spec) return `dozen:${spec.dozen}`;
      return spec.type;
    }
    case 'blackjack':
      return `${bet.kind}:${bet.seat}:${bet.hand}`;
  }
}

export function betLimitKey(bet: BetSpec): string {
  switch (bet.game) {
    case 'baccarat':
      return bet.type;
    case 'roulette':
      return bet.spec.type;
    case 'blackjack':
      return bet.kind;
  }
}
