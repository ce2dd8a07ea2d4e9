import { commonTableShape, fairRevealSchema } from '@casino/game-kit';
import { z } from 'zod';
import { SicBoBetType } from './bet';
import { SIC_BO_PAY_TABLE_NAMES } from './pay-table';

// The platform's wire form of a Sic Bo bet, result and table (docs/events.md); @casino/events unions them.
// Numbers are integers here; their range is the engine's check (validateSicBoBet), which says what is wrong.

const int = z.number().int();

export const sicBoBetSpecSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('small') }).strict(),
  z.object({ type: z.literal('big') }).strict(),
  z.object({ type: z.literal('odd') }).strict(),
  z.object({ type: z.literal('even') }).strict(),
  z.object({ type: z.literal('total'), total: int }).strict(),
  z.object({ type: z.literal('double'), number: int }).strict(),
  z.object({ type: z.literal('triple'), number: int }).strict(),
  z.object({ type: z.literal('anyTriple') }).strict(),
  z.object({ type: z.literal('combination'), numbers: z.tuple([int, int]) }).strict(),
  z.object({ type: z.literal('single'), number: int }).strict(),
]);

type SameUnion<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// Fails to compile if the wire's bet types drift from the engine's.
const sicBoSchemaMatchesEngine: SameUnion<z.infer<typeof sicBoBetSpecSchema>['type'], SicBoBetType> = true;
void sicBoSchemaMatchesEngine;

export const sicBoBetSchema = z.object({ game: z.literal('sicBo'), spec: sicBoBetSpecSchema }).strict();

const face = int.min(1).max(6);

/** Sic Bo: the three faces; an automatic table's round also carries its revealed seeds. */
export const sicBoResultSchema = z
  .object({ game: z.literal('sicBo'), dice: z.tuple([face, face, face]), fair: fairRevealSchema.optional() })
  .strict();

export const sicBoTableSchema = z
  .object({
    game: z.literal('sicBo'),
    ...commonTableShape,
    /** One of the pay tables the engine knows (docs/rules/sic-bo.md#pay-table). */
    payTable: z.enum(SIC_BO_PAY_TABLE_NAMES).default('standard'),
  })
  .strict();

export type SicBoWireBet = z.infer<typeof sicBoBetSchema>;
export type SicBoWireResult = z.infer<typeof sicBoResultSchema>;
export type SicBoWireTable = z.infer<typeof sicBoTableSchema>;
