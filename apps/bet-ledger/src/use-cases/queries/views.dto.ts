import { ApiProperty } from '@nestjs/swagger';

export class BalanceDto {
  @ApiProperty() currency!: string;
  @ApiProperty({ example: '100000', description: 'cash, minor units' }) balance!: string;
  @ApiProperty({
    example: '5000',
    required: false,
    description:
      'bonus funds to play (minor units), apart from the cash; absent when the player never had a bonus',
  })
  bonus?: string;
  @ApiProperty({
    required: false,
    description:
      "the active bonus's wagering progress: settled turnover counted (wagered) toward its requirement, and its expiry",
    example: { wagered: '12000', requirement: '150000', expiresAt: '2026-12-31T23:59:59.000Z' },
  })
  wagering?: { wagered: string; requirement: string; expiresAt: string };
}

export class BetViewDto {
  @ApiProperty() betId!: string;
  @ApiProperty() commandId!: string;
  @ApiProperty() tableId!: string;
  @ApiProperty() roundId!: string;
  @ApiProperty() game!: string;
  @ApiProperty() playerId!: string;
  @ApiProperty() operatorId!: string;
  @ApiProperty() currency!: string;
  @ApiProperty() stake!: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) bet!: Record<string, unknown>;
  @ApiProperty() acceptedAt!: string;
  @ApiProperty({ enum: ['open', 'settled', 'refunded', 'cancelled'] }) status!: string;
  @ApiProperty({ nullable: true, description: 'when the player withdrew it (betting open)' })
  cancelledAt!: string | null;
  @ApiProperty({ required: false, nullable: true }) returned!: string | null;
  @ApiProperty({ required: false, nullable: true }) outcome!: string | null;
}

export class RoundViewDto {
  @ApiProperty() tableId!: string;
  @ApiProperty() roundId!: string;
  @ApiProperty() game!: string;
  @ApiProperty() currency!: string;
  @ApiProperty({ enum: ['open', 'closed', 'settled', 'voided', 'disputed'] }) status!: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) table!: Record<string, unknown>;
  @ApiProperty({ required: false, nullable: true, type: Object }) shoe!: {
    shoeId: string;
    hash: string;
  } | null;
  @ApiProperty({ required: false, nullable: true, type: Object })
  result!: Record<string, unknown> | null;
  @ApiProperty({ nullable: true }) voidReason!: string | null;
  @ApiProperty({ nullable: true }) problem!: string | null;
  @ApiProperty() openedAt!: string;
  @ApiProperty({ nullable: true }) closedAt!: string | null;
  @ApiProperty({ nullable: true }) finishedAt!: string | null;
  @ApiProperty() betCount!: number;
  @ApiProperty() totalStaked!: string;
  @ApiProperty() totalReturned!: string;
  @ApiProperty({ type: [BetViewDto] }) bets!: BetViewDto[];
}

export class WalletMovementDto {
  @ApiProperty({ description: 'posting id (the cursor orders by it)' }) id!: string;
  @ApiProperty({ enum: ['bet', 'settlement', 'refund', 'deposit', 'withdrawal'] }) kind!: string;
  @ApiProperty({ nullable: true, description: 'the transactionId of a deposit/withdrawal' })
  reference!: string | null;
  @ApiProperty() currency!: string;
  @ApiProperty({ example: '-500', description: 'signed minor units' }) amount!: string;
  @ApiProperty() createdAt!: string;
}
