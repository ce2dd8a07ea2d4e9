import { amountSchema } from '@casino/events';
import { ApiProperty } from '@nestjs/swagger';
import { z } from 'zod';

const who = {
  /** The operator's staff member who approved the change (kept in the audit). */
  actor: z.string().trim().min(1).max(200),
  reason: z.string().trim().min(1).max(500),
};

export const vipGrantSchema = z
  .object({ max: amountSchema.refine((v) => v > 0n, 'max must be positive'), ...who })
  .strict();
export type VipGrantRequest = z.infer<typeof vipGrantSchema>;

export const vipRevokeSchema = z.object(who).strict();
export type VipRevokeRequest = z.infer<typeof vipRevokeSchema>;

export class VipGrantDto {
  @ApiProperty({
    example: '5000000',
    description: 'the VIP maximum, minor units; bounded at each table by its ceiling',
  })
  max!: string;
  @ApiProperty({ example: 'j.smith', description: "the operator's staff member who approved it" })
  actor!: string;
  @ApiProperty({ example: 'VIP programme, tier 2' }) reason!: string;
}

export class VipRevokeDto {
  @ApiProperty({ example: 'j.smith' }) actor!: string;
  @ApiProperty({ example: 'tier review' }) reason!: string;
}
