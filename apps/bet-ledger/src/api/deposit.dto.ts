import { amountSchema, currencySchema } from '@casino/events';
import { ApiProperty } from '@nestjs/swagger';
import { z } from 'zod';

export const depositSchema = z
  .object({
    currency: currencySchema,
    amount: amountSchema.refine((v) => v > 0n, 'amount must be positive'),
    idempotencyKey: z.string().min(1).max(200),
    reference: z.string().max(200).optional(),
  })
  .strict();
export type DepositRequest = z.infer<typeof depositSchema>;

/** OpenAPI shape of the deposit body (validated by depositSchema). */
export class DepositDto {
  @ApiProperty({ example: 'EUR' }) currency!: string;
  @ApiProperty({ example: '100000', description: 'minor units as a decimal string' }) amount!: string;
  @ApiProperty({ example: 'demo-funding-1', description: 'the same key deposits once' })
  idempotencyKey!: string;
  @ApiProperty({ required: false }) reference?: string;
}

export class DepositResultDto {
  @ApiProperty() duplicate!: boolean;
  @ApiProperty({ example: '100000' }) balance!: string;
  @ApiProperty() currency!: string;
}

export const limitSchema = z
  .object({ min: amountSchema, max: amountSchema })
  .strict()
  .refine((l) => l.min > 0n && l.max >= l.min, 'need 0 < min <= max');
export type LimitRequest = z.infer<typeof limitSchema>;

export class PersonalLimitDto {
  @ApiProperty({ example: '100' }) min!: string;
  @ApiProperty({ example: '5000000' }) max!: string;
}
