import { ApiProperty } from '@nestjs/swagger';
import { z } from 'zod';
import { tableIdSchema } from '../tables/table-settings';

/** Why the pit boss approves the void (kept with the approval and in the audit). */
export const approveVoidSchema = z.object({ reason: z.string().trim().min(1).max(1_000) }).strict();
export type ApproveVoidRequest = z.infer<typeof approveVoidSchema>;

export const voidListSchema = z
  .object({
    table: tableIdSchema.optional(),
    /** Only held voids still waiting (their round unfinished). */
    pending: z.enum(['true', 'false']).optional(),
    limit: z.coerce.number().int().min(1).max(1_000).default(100),
  })
  .strict();
export type VoidListQuery = z.infer<typeof voidListSchema>;

export class ApproveVoidDto {
  @ApiProperty({ example: 'card 4 dropped face up, shoe jammed; ticket OPS-77' }) reason!: string;
}

export class VoidApprovalDto {
  @ApiProperty({ description: 'give it to the dealer console: its void names it' }) approvalId!: string;
  @ApiProperty() tableId!: string;
  @ApiProperty() roundId!: string;
  @ApiProperty() reason!: string;
  @ApiProperty() staffId!: string;
  @ApiProperty({ description: "the pit boss's username" }) approvedBy!: string;
  @ApiProperty() role!: string;
  @ApiProperty() approvedAt!: string;
  @ApiProperty({ nullable: true, description: 'the void applied under it' }) appliedEventId!: string | null;
  @ApiProperty({ nullable: true }) appliedAt!: string | null;
}

export class VoidApprovalResultDto {
  @ApiProperty({ type: VoidApprovalDto }) approval!: VoidApprovalDto;
  @ApiProperty({ description: 'false: the round was approved before (this is that approval)' })
  created!: boolean;
  @ApiProperty({ nullable: true, description: 'the held void this approval applied (the round is refunded)' })
  appliedEventId!: string | null;
}

export class HeldVoidDto {
  @ApiProperty({ description: "the game service's RoundVoided" }) eventId!: string;
  @ApiProperty() tableId!: string;
  @ApiProperty() roundId!: string;
  @ApiProperty() game!: string;
  @ApiProperty({ enum: ['malfunction', 'misdeal', 'cancelled', 'not-started'] }) reason!: string;
  @ApiProperty({ nullable: true }) message!: string | null;
  @ApiProperty({ nullable: true, description: 'the approval id the void named' })
  claimedApprovalId!: string | null;
  @ApiProperty({ enum: ['VOID_NEEDS_APPROVAL', 'VOID_APPROVAL_MISMATCH'] }) code!: string;
  @ApiProperty() heldAt!: string;
  @ApiProperty({ enum: ['pending', 'applied', 'settled', 'voided'] }) state!: string;
  @ApiProperty() roundStatus!: string;
}

export class VoidsDto {
  @ApiProperty({ type: [VoidApprovalDto] }) approvals!: VoidApprovalDto[];
  @ApiProperty({ type: [HeldVoidDto] }) held!: HeldVoidDto[];
}
