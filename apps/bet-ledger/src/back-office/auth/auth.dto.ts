import { ApiProperty } from '@nestjs/swagger';
import { z } from 'zod';
import { Permission, STAFF_ROLES, StaffRole } from './permissions';

export const loginSchema = z
  .object({
    username: z.string().trim().min(1).max(100),
    password: z.string().min(1).max(200),
  })
  .strict();
export type LoginRequest = z.infer<typeof loginSchema>;

export class LoginDto {
  @ApiProperty() username!: string;
  @ApiProperty() password!: string;
}

export class StaffIdentityDto {
  @ApiProperty({ nullable: true, type: String, description: 'null for the system token' })
  id!: string | null;
  @ApiProperty() username!: string;
  @ApiProperty({ enum: STAFF_ROLES }) role!: StaffRole;
  @ApiProperty({ nullable: true, type: String, description: "set for an operator's staff" })
  operatorId!: string | null;
  @ApiProperty({ type: [String], description: 'the permissions the role holds (docs/back-office.md)' })
  permissions!: Permission[];
}

export class LoginResultDto {
  @ApiProperty({ description: 'send as Authorization: Bearer <token>' }) token!: string;
  @ApiProperty({ description: 'ISO time the session ends' }) expiresAt!: string;
  @ApiProperty({ type: StaffIdentityDto }) staff!: StaffIdentityDto;
}
