import { ApiProperty } from '@nestjs/swagger';
import { z } from 'zod';

/** Who acts on a parked message and why: both go into the audit. */
export const quarantineActionSchema = z
  .object({
    actor: z.string().trim().min(1).max(200),
    reason: z.string().trim().min(1).max(1_000),
  })
  .strict();
export type QuarantineActionRequest = z.infer<typeof quarantineActionSchema>;

export const quarantineListSchema = z
  .object({
    status: z.enum(['parked', 'retried', 'discarded']).optional(),
    limit: z.coerce.number().int().min(1).max(1_000).default(100),
    before: z
      .string()
      .regex(/^[0-9]{1,18}$/)
      .optional(),
  })
  .strict();
export type QuarantineListQuery = z.infer<typeof quarantineListSchema>;

export class QuarantineActionDto {
  @ApiProperty({ example: 'jane.doe', description: 'who acts (kept in the audit)' }) actor!: string;
  @ApiProperty({ example: 'balance corrected by ticket OPS-123', description: 'why (kept in the audit)' })
  reason!: string;
}

export class QuarantinedEventDto {
  @ApiProperty({ description: 'the entry id (newest first; `before` pages)' }) id!: string;
  @ApiProperty() topic!: string;
  @ApiProperty() partition!: number;
  @ApiProperty() offset!: string;
  @ApiProperty({ nullable: true }) key!: string | null;
  @ApiProperty({ nullable: true, description: 'null when the message did not decode' }) eventId!:
    string | null;
  @ApiProperty({ nullable: true }) eventType!: string | null;
  @ApiProperty({
    enum: ['round', 'player', 'none'],
    description:
      'what it holds while parked: its round (ROUND_QUARANTINED) or its player (PLAYER_QUARANTINED)',
  })
  holds!: string;
  @ApiProperty({ nullable: true }) tableId!: string | null;
  @ApiProperty({ nullable: true }) roundId!: string | null;
  @ApiProperty({ nullable: true }) operatorId!: string | null;
  @ApiProperty({ nullable: true }) playerId!: string | null;
  @ApiProperty({ description: 'the raw message as UTF-8 text' }) payload!: string;
  @ApiProperty() payloadBytes!: number;
  @ApiProperty({ example: 'AMOUNT_OUT_OF_RANGE' }) errorCode!: string;
  @ApiProperty() errorMessage!: string;
  @ApiProperty() attempts!: number;
  @ApiProperty() firstFailedAt!: string;
  @ApiProperty() lastFailedAt!: string;
  @ApiProperty({ enum: ['parked', 'retried', 'discarded'] }) status!: string;
  @ApiProperty({ nullable: true }) resolvedAt!: string | null;
  @ApiProperty({ nullable: true }) resolvedBy!: string | null;
  @ApiProperty({ nullable: true }) resolutionReason!: string | null;
}

export class QuarantineAuditDto {
  @ApiProperty({ enum: ['retry', 'discard'] }) action!: string;
  @ApiProperty() actor!: string;
  @ApiProperty() reason!: string;
  @ApiProperty({ enum: ['applied', 'failed', 'discarded'] }) outcome!: string;
  @ApiProperty({ nullable: true }) errorCode!: string | null;
  @ApiProperty() at!: string;
}

export class QuarantinedEventDetailDto extends QuarantinedEventDto {
  @ApiProperty({ type: [QuarantineAuditDto] }) actions!: QuarantineAuditDto[];
}

export class QuarantineRetryDto {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: ['retried'] }) status!: string;
  @ApiProperty({
    example: 'settled',
    description:
      "the round effect (settled, voided, pending…) or the command's decision (accepted, rejected…)",
  })
  outcome!: string;
}

export class QuarantineDiscardDto {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: ['discarded'] }) status!: string;
}
