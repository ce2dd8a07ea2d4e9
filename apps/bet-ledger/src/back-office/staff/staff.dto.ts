import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { z } from 'zod';
import { STAFF_ROLES, StaffRole } from '../auth/permissions';

export const reasonSchema = z.string().trim().min(1).max(1_000);

export const createStaffSchema = z
  .object({
    username: z
      .string()
      .trim()
      .regex(/^[a-zA-Z0-9._@-]{3,100}$/, 'letters, digits and . _ @ -, 3 to 100'),
    role: z.enum(STAFF_ROLES),
    operatorId: z.string().trim().min(1).max(100).nullable().default(null),
    reason: reasonSchema,
  })
  .strict();
export type CreateStaffRequest = z.infer<typeof createStaffSchema>;

export const staffActionSchema = z.object({ reason: reasonSchema }).strict();
export type StaffActionRequest = z.infer<typeof staffActionSchema>;

export const staffListSchema = z
  .object({
    operator: z.string().min(1).max(100).optional(),
    limit: z.coerce.number().int().min(1).max(1_000).default(100),
    after: z
      .string()
      .regex(/^[0-9]{1,18}$/)
      .optional(),
  })
  .strict();
export type StaffListQuery = z.infer<typeof staffListSchema>;

export const auditListSchema = z
  .object({
    action: z.string().min(1).max(100).optional(),
    target: z.string().min(1).max(400).optional(),
    limit: z.coerce.number().int().min(1).max(1_000).default(100),
    before: z
      .string()
      .regex(/^[0-9]{1,18}$/)
      .optional(),
  })
  .strict();
export type AuditListQuery = z.infer<typeof auditListSchema>;

export class CreateStaffDto {
  @ApiProperty() username!: string;
  @ApiProperty({ enum: STAFF_ROLES }) role!: StaffRole;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'null/absent: platform staff' })
  operatorId?: string | null;
  @ApiProperty({ description: 'why (audited)' }) reason!: string;
}

export class StaffActionDto {
  @ApiProperty({ description: 'why (audited)' }) reason!: string;
}

export class StaffViewDto {
  @ApiProperty() id!: string;
  @ApiProperty() username!: string;
  @ApiProperty({ enum: STAFF_ROLES }) role!: StaffRole;
  @ApiProperty({ nullable: true, type: String }) operatorId!: string | null;
  @ApiProperty({ enum: ['active', 'disabled'] }) status!: 'active' | 'disabled';
  @ApiProperty({ nullable: true, type: String }) lockedUntil!: string | null;
  @ApiProperty() createdAt!: string;
}

export class StaffWithPasswordDto {
  @ApiProperty({ type: StaffViewDto }) staff!: StaffViewDto;
  @ApiProperty({ description: 'generated; shown once, never stored in clear' }) password!: string;
}
