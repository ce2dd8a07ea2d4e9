import { currencySchema, gameSchema } from '@casino/events';
import { GAME_IDS } from '@casino/games';
import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { z } from 'zod';
import { countrySchema, deviceSchema, launchUrlSchema } from './launch-options';

const id = z.string().min(1).max(128);

export const launchSchema = z
  .object({
    playerId: id,
    currency: currencySchema,
    game: gameSchema.optional(),
    tableId: id.optional(),
    language: z
      .string()
      .regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'a language tag like en or en-GB')
      .optional(),
    nickname: z.string().min(1).max(32).optional(),
    lobbyUrl: launchUrlSchema.optional(),
    cashierUrl: launchUrlSchema.optional(),
    country: countrySchema.optional(),
    device: deviceSchema.optional(),
  })
  .strict();
export type LaunchRequest = z.infer<typeof launchSchema>;

export class LaunchDto {
  @ApiProperty({ example: '42' }) playerId!: string;
  @ApiProperty({ example: 'EUR' }) currency!: string;
  @ApiPropertyOptional({ enum: GAME_IDS }) game?: string;
  @ApiPropertyOptional() tableId?: string;
  @ApiPropertyOptional({ example: 'en' }) language?: string;
  @ApiPropertyOptional({ maxLength: 32 }) nickname?: string;
}

export class LaunchResultDto {
  @ApiProperty() sessionId!: string;
  @ApiProperty({ description: "the platform's player token (sid = sessionId)" }) token!: string;
  @ApiProperty() expiresAt!: string;
  @ApiProperty() launchUrl!: string;
}

export const playerPatchSchema = z
  .object({
    status: z.enum(['active', 'suspended']).optional(),
    nickname: z.string().min(1).max(32).optional(),
  })
  .strict()
  .refine((p) => p.status !== undefined || p.nickname !== undefined, 'status or nickname');
export type PlayerPatch = z.infer<typeof playerPatchSchema>;

export class PlayerPatchDto {
  @ApiPropertyOptional({ enum: ['active', 'suspended'] }) status?: string;
  @ApiPropertyOptional() nickname?: string;
}

/** The amount stays a string here: the use case refuses anything but a positive 64-bit integer with INVALID_AMOUNT. */
export const transferSchema = z
  .object({ transactionId: id, currency: currencySchema, amount: z.string().max(40) })
  .strict();
export type TransferRequest = z.infer<typeof transferSchema>;

export class TransferDto {
  @ApiProperty({ example: 'op-tx-0001', description: 'idempotency key, unique per operator' })
  transactionId!: string;
  @ApiProperty({ example: 'EUR' }) currency!: string;
  @ApiProperty({ example: '10000', description: 'minor units, a positive decimal integer below 2^63' })
  amount!: string;
}

export class TransferReceiptDto {
  @ApiProperty() transactionId!: string;
  @ApiProperty({ enum: ['deposit', 'withdrawal'] }) kind!: string;
  @ApiProperty() playerId!: string;
  @ApiProperty() currency!: string;
  @ApiProperty() amount!: string;
  @ApiProperty({ description: 'balance after the transaction' }) balance!: string;
  @ApiProperty() createdAt!: string;
}

export const pageSchema = z
  .object({
    cursor: z.string().max(512).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(50),
  })
  .strict();
export type PageQuery = z.infer<typeof pageSchema>;

const limitAmount = z.string().max(40).nullable().optional();

/** Amounts stay strings: the use case refuses anything but a decimal integer of minor units with INVALID_AMOUNT. */
export const gamblingLimitsSchema = z
  .object({
    currency: currencySchema,
    dailyWager: limitAmount,
    weeklyWager: limitAmount,
    dailyLoss: limitAmount,
    weeklyLoss: limitAmount,
    maxStake: limitAmount,
  })
  .strict();
export type GamblingLimitsRequest = z.infer<typeof gamblingLimitsSchema>;

export const gamblingLimitsQuerySchema = z.object({ currency: currencySchema }).strict();
export type GamblingLimitsQuery = z.infer<typeof gamblingLimitsQuerySchema>;

export class GamblingLimitsDto {
  @ApiProperty({ example: 'EUR' }) currency!: string;
  @ApiPropertyOptional({
    example: '50000',
    nullable: true,
    description: 'minor units per UTC day; null removes',
  })
  dailyWager?: string | null;
  @ApiPropertyOptional({ nullable: true, description: 'minor units per UTC week (from Monday)' })
  weeklyWager?: string | null;
  @ApiPropertyOptional({ nullable: true, description: 'net loss of settled bets per UTC day' })
  dailyLoss?: string | null;
  @ApiPropertyOptional({ nullable: true }) weeklyLoss?: string | null;
  @ApiPropertyOptional({ nullable: true, description: 'largest single stake, every game' })
  maxStake?: string | null;
}

export class PendingLimitDto {
  @ApiProperty({ nullable: true, type: String, example: '100000', description: 'null: the limit is removed' })
  amount!: string | null;
  @ApiProperty({ example: '2026-11-24T10:00:00.000Z' }) effectiveAt!: string;
}

export class LimitStateDto {
  @ApiProperty({
    nullable: true,
    type: String,
    example: '50000',
    description: 'in force now; null: no limit',
  })
  current!: string | null;
  @ApiPropertyOptional({
    type: PendingLimitDto,
    description: 'a raise or removal waiting out its cooling-off',
  })
  pending?: PendingLimitDto;
}

export class GamblingPeriodUsageDto {
  @ApiProperty({ example: '2026-11-23T00:00:00.000Z' }) start!: string;
  @ApiProperty({ example: '12000' }) wagered!: string;
  @ApiProperty({ example: '-3000', description: 'stakes minus returns of settled bets; negative: a net win' })
  netLoss!: string;
}

export class GamblingUsageDto {
  @ApiProperty({ type: GamblingPeriodUsageDto, description: 'the current UTC day' })
  day!: GamblingPeriodUsageDto;
  @ApiProperty({ type: GamblingPeriodUsageDto, description: 'the current UTC week, from Monday' })
  week!: GamblingPeriodUsageDto;
}

export class GamblingLimitsStateDto {
  @ApiProperty({ example: '42' }) playerId!: string;
  @ApiProperty({ example: 'EUR' }) currency!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { $ref: getSchemaPath(LimitStateDto) },
    description: 'by kind: daily_wager, weekly_wager, daily_loss, weekly_loss, max_stake',
  })
  limits!: Record<string, LimitStateDto>;
  @ApiProperty({ type: GamblingUsageDto }) used!: GamblingUsageDto;
}
