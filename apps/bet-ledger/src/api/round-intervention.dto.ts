import { gameSchema, roundResultPayloadSchema } from '@casino/events';
import { ApiProperty } from '@nestjs/swagger';
import { z } from 'zod';
import { tableIdSchema } from '../tables/table-settings';

const actorFields = {
  actor: z.string().trim().min(1).max(200),
  reason: z.string().trim().min(1).max(1_000),
};

/** Who voids a round and why: both go into the audit. */
export const voidRoundSchema = z.object(actorFields).strict();
export type VoidRoundRequest = z.infer<typeof voidRoundSchema>;

/** A corrected result: the RoundResult event's `result`, decoded with the events' own schema. */
export const resubmitRoundSchema = z.object({ ...actorFields, result: roundResultPayloadSchema }).strict();
export type ResubmitRoundRequest = z.infer<typeof resubmitRoundSchema>;

/** Keyset cursor `tableId/roundId` (a table id has no `/`). */
const afterSchema = z
  .string()
  .max(400)
  .transform((s, ctx) => {
    const at = s.indexOf('/');
    const tableId = s.slice(0, at);
    const roundId = s.slice(at + 1);
    if (at < 1 || !tableIdSchema.safeParse(tableId).success || roundId.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'tableId/roundId of the last round of a page' });
      return z.NEVER;
    }
    return { tableId, roundId };
  });

export const attentionListSchema = z
  .object({
    table: tableIdSchema.optional(),
    game: gameSchema.optional(),
    status: z.enum(['disputed', 'open', 'closed']).optional(),
    limit: z.coerce.number().int().min(1).max(1_000).default(100),
    after: afterSchema.optional(),
  })
  .strict();
export type AttentionListQuery = z.infer<typeof attentionListSchema>;

export class VoidRoundDto {
  @ApiProperty({ example: 'jane.doe', description: 'who acts (kept in the audit)' }) actor!: string;
  @ApiProperty({ example: 'dealer misdeal, ticket OPS-123', description: 'why (kept in the audit)' })
  reason!: string;
}

export class ResubmitRoundDto extends VoidRoundDto {
  @ApiProperty({
    description: "the corrected result, shaped like the RoundResult event's `result` for the round's game",
    example: { game: 'baccarat', cards: ['9H', '2C', 'KD', '3S'] },
  })
  result!: Record<string, unknown>;
}

export class AttentionRoundDto {
  @ApiProperty() tableId!: string;
  @ApiProperty() roundId!: string;
  @ApiProperty() game!: string;
  @ApiProperty() currency!: string;
  @ApiProperty({ enum: ['disputed', 'open', 'closed'] }) status!: string;
  @ApiProperty({ enum: ['disputed', 'stuck'] }) attention!: string;
  @ApiProperty({ nullable: true, description: 'why the engine refused its result (disputed)' })
  problem!: string | null;
  @ApiProperty() openedAt!: string;
  @ApiProperty({ nullable: true }) closedAt!: string | null;
  @ApiProperty({ description: 'live (not cancelled) bets, stakes still in play' }) betCount!: number;
  @ApiProperty({ description: 'their stakes, minor units' }) totalStaked!: string;
}

export class AttentionPageDto {
  @ApiProperty({ type: [AttentionRoundDto] }) items!: AttentionRoundDto[];
  @ApiProperty({ nullable: true, description: '`after` of the next page, null on the last' })
  nextAfter!: string | null;
}

export class InterventionDto {
  @ApiProperty({ description: 'the audit row id, also the causation id of the events published' })
  id!: string;
  @ApiProperty() tableId!: string;
  @ApiProperty() roundId!: string;
  @ApiProperty({ enum: ['void', 'resubmit'] }) action!: string;
  @ApiProperty() statusBefore!: string;
  @ApiProperty({ enum: ['voided', 'settled'] }) statusAfter!: string;
  @ApiProperty() at!: string;
}

export class InterventionAuditDto extends InterventionDto {
  @ApiProperty() actor!: string;
  @ApiProperty() reason!: string;
  @ApiProperty({ nullable: true }) problemBefore!: string | null;
  @ApiProperty({ nullable: true, type: Object }) result!: unknown;
}
