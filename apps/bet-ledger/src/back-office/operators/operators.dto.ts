import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { z } from 'zod';
import { reasonSchema } from '../staff/staff.dto';

/** The operator id format the registry accepts (ManageOperators checks it again). */
export const OPERATOR_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** The seamless wallet protocol's version its calls are made in (docs/operator-integration.md#seamless-wallet). */
const walletProtocolSchema = z.union([z.literal(1), z.literal(2)]);

const walletUrlSchema = z
  .string()
  .trim()
  .max(500)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.username === '' && u.password === '';
    } catch {
      return false;
    }
  }, 'an http or https URL without credentials');

export const createOperatorSchema = z
  .object({
    operatorId: z.string().trim().regex(OPERATOR_ID_PATTERN, '1-64 letters, digits, . _ -'),
    name: z.string().trim().min(1).max(200),
    currencies: z
      .array(z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code'))
      .min(1)
      .max(50)
      .default(['EUR']),
    walletMode: z.enum(['transfer', 'seamless']),
    walletUrl: walletUrlSchema.nullable().default(null),
    walletProtocol: walletProtocolSchema.default(1),
    allowedOrigins: z.array(z.string().min(1).max(300)).max(20).default([]),
    reason: reasonSchema,
  })
  .strict()
  .refine((v) => v.walletMode !== 'seamless' || v.walletUrl !== null, {
    message: 'a seamless operator needs its wallet URL',
    path: ['walletUrl'],
  })
  .refine((v) => v.walletMode === 'seamless' || v.walletProtocol === 1, {
    message: 'the wallet protocol version is of a seamless operator',
    path: ['walletProtocol'],
  });
export type CreateOperatorRequest = z.infer<typeof createOperatorSchema>;

export const operatorActionSchema = z.object({ reason: reasonSchema }).strict();
export type OperatorActionRequest = z.infer<typeof operatorActionSchema>;

export const setWalletProtocolSchema = z
  .object({ version: walletProtocolSchema, reason: reasonSchema })
  .strict();
export type SetWalletProtocolRequest = z.infer<typeof setWalletProtocolSchema>;

export class CreateOperatorDto {
  @ApiProperty({ pattern: OPERATOR_ID_PATTERN.source }) operatorId!: string;
  @ApiProperty() name!: string;
  @ApiPropertyOptional({ type: [String], description: 'ISO 4217 codes; default ["EUR"]' })
  currencies?: string[];
  @ApiProperty({ enum: ['transfer', 'seamless'] }) walletMode!: 'transfer' | 'seamless';
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: 'required for seamless: http(s) base URL',
  })
  walletUrl?: string | null;
  @ApiPropertyOptional({
    enum: [1, 2],
    description: 'seamless: the wallet protocol version its calls are made in (default 1)',
  })
  walletProtocol?: 1 | 2;
  @ApiPropertyOptional({ type: [String], description: "origins of the operator's pages" })
  allowedOrigins?: string[];
  @ApiProperty({ description: 'why (audited)' }) reason!: string;
}

export class OperatorActionDto {
  @ApiProperty({ description: 'why (audited)' }) reason!: string;
}

export class SetWalletProtocolDto {
  @ApiProperty({ enum: [1, 2] }) version!: 1 | 2;
  @ApiProperty({ description: 'why (audited)' }) reason!: string;
}

export class OperatorKeyViewDto {
  @ApiProperty() keyId!: string;
  @ApiProperty({ enum: ['active', 'revoked'] }) status!: 'active' | 'revoked';
  @ApiProperty() createdAt!: string;
  @ApiProperty({ nullable: true, type: String }) revokedAt!: string | null;
}

export class OperatorViewDto {
  @ApiProperty() operatorId!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: ['active', 'suspended'] }) status!: 'active' | 'suspended';
  @ApiProperty({ enum: ['transfer', 'seamless'] }) walletMode!: 'transfer' | 'seamless';
  @ApiProperty({ nullable: true, type: String }) walletUrl!: string | null;
  @ApiProperty({ enum: [1, 2], description: 'the seamless wallet protocol version' }) walletProtocol!: 1 | 2;
  @ApiProperty({ type: [String] }) currencies!: string[];
  @ApiProperty({ type: [String] }) allowedOrigins!: string[];
  @ApiProperty() createdAt!: string;
  @ApiProperty({ type: [OperatorKeyViewDto], description: 'never the secrets' }) keys!: OperatorKeyViewDto[];
}

export class IssuedKeyDto {
  @ApiProperty() operatorId!: string;
  @ApiProperty() keyId!: string;
  @ApiProperty({ description: 'shown this once; only its sealed form is stored' }) secret!: string;
}

export class CreatedOperatorDto {
  @ApiProperty({ type: OperatorViewDto }) operator!: OperatorViewDto;
  @ApiProperty({ type: IssuedKeyDto }) key!: IssuedKeyDto;
}
