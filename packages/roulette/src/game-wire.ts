import { commonTableShape } from '@casino/game-kit';
import { z } from 'zod';
import { RouletteBetType as EngineRouletteBetType } from './bet';
import { POCKET_COUNT } from './wheel';

// The platform's wire form of a roulette bet, result and table (docs/events.md); @casino/events unions them.

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
export type RouletteWireBetSpec = z.infer<typeof rouletteBetSpecSchema>;

/** Two unions are the same set of members. */
type SameUnion<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// Each roulette shape needs its own schema, so the union is spelled out; this fails to compile if it drifts.
const rouletteSchemaMatchesEngine: SameUnion<RouletteWireBetSpec['type'], EngineRouletteBetType> = true;
void rouletteSchemaMatchesEngine;

export const rouletteBetSchema = z
  .object({ game: z.literal('roulette'), spec: rouletteBetSpecSchema })
  .strict();

/** Roulette: the winning pocket and how many revolutions the ball made (a valid spin needs at least 3). */
export const rouletteResultSchema = z
  .object({
    game: z.literal('roulette'),
    pocket,
    revolutions: z.number().int().min(0).max(1000),
  })
  .strict();

export const rouletteTableSchema = z.object({ game: z.literal('roulette'), ...commonTableShape }).strict();

export type RouletteWireBet = z.infer<typeof rouletteBetSchema>;
export type RouletteWireResult = z.infer<typeof rouletteResultSchema>;
export type RouletteWireTable = z.infer<typeof rouletteTableSchema>;
