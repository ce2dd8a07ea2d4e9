import { commonTableShape, fairRevealSchema } from '@casino/game-kit';
import { z } from 'zod';
import { FanTanBetType } from './bet';
import { MAX_BEADS } from './beads';
import { FAN_TAN_PAY_TABLE_NAMES } from './pay-table';

// The platform's wire form of a Fan Tan bet, result and table (docs/events.md); @casino/events unions them.
// Numbers are integers here; their range is the engine's check (validateFanTanBet), which says what is wrong.

const int = z.number().int();

export const fanTanBetSpecSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('fan'), number: int }).strict(),
  z.object({ type: z.literal('nim'), number: int, push: int }).strict(),
  z.object({ type: z.literal('kwok'), numbers: z.tuple([int, int]) }).strict(),
  z.object({ type: z.literal('odd') }).strict(),
  z.object({ type: z.literal('even') }).strict(),
]);

type SameUnion<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// Fails to compile if the wire's bet types drift from the engine's.
const fanTanSchemaMatchesEngine: SameUnion<z.infer<typeof fanTanBetSpecSchema>['type'], FanTanBetType> = true;
void fanTanSchemaMatchesEngine;

export const fanTanBetSchema = z.object({ game: z.literal('fanTan'), spec: fanTanBetSpecSchema }).strict();

/**
 * Fan Tan: the bead count and the result it leaves (count mod 4, 0 → 4); an automatic table's round also carries
 * its revealed seeds. The ledger checks the two agree and the count is within the table's range.
 */
export const fanTanResultSchema = z
  .object({
    game: z.literal('fanTan'),
    count: int.min(1).max(MAX_BEADS),
    result: int.min(1).max(4),
    fair: fairRevealSchema.optional(),
  })
  .strict();

export const beadRangeSchema = z.object({ min: int, max: int }).strict();

export const fanTanTableSchema = z
  .object({
    game: z.literal('fanTan'),
    ...commonTableShape,
    /** One of the pay tables the engine knows (docs/rules/fan-tan.md#pay-table). */
    payTable: z.enum(FAN_TAN_PAY_TABLE_NAMES).default('standard'),
    /** The bead counts the table's console accepts and its automatic draw ranges over. */
    beadRange: beadRangeSchema.default({ min: 40, max: 139 }),
  })
  .strict();

export type FanTanWireBet = z.infer<typeof fanTanBetSchema>;
export type FanTanWireResult = z.infer<typeof fanTanResultSchema>;
export type FanTanWireTable = z.infer<typeof fanTanTableSchema>;
