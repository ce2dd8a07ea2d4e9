import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { poolSql } from '../database/pool-sql';
import { CurrentStaff, Requires } from '../back-office/auth/back-office.guard';
import { StaffPrincipal } from '../back-office/auth/permissions';
import { HeldPayoutView, listHeldPayouts } from '../rounds/held-payouts.repository';
import { BackOfficeGuard } from './operator-auth.guard';

export class HeldPayoutDto implements HeldPayoutView {
  @ApiProperty() betId!: string;
  @ApiProperty() tableId!: string;
  @ApiProperty() roundId!: string;
  @ApiProperty() operatorId!: string;
  @ApiProperty() playerId!: string;
  @ApiProperty() currency!: string;
  @ApiProperty({ description: 'minor units, booked to the operator’s funding account' }) amount!: string;
  @ApiProperty({ example: 'BALANCE_CEILING_EXCEEDED' }) code!: string;
  @ApiProperty() message!: string;
  @ApiProperty() heldAt!: string;
}

/**
 * Payouts a settlement or refund did not credit to a wallet (docs/ledger.md#held-payouts): the round settled,
 * these bets' money went to their operator's funding account, and the operator owes it to the player.
 */
@ApiTags('back office: rounds')
@ApiBearerAuth()
@UseGuards(BackOfficeGuard)
@Controller('back-office/held-payouts')
export class HeldPayoutsController {
  constructor(private readonly ds: DataSource) {}

  @Get()
  @Requires('rounds.read')
  @ApiOperation({
    summary: 'Payouts held because the wallet could not take them, newest first (at most 1000)',
  })
  @ApiOkResponse({ type: [HeldPayoutDto] })
  list(@CurrentStaff() who: StaffPrincipal): Promise<HeldPayoutDto[]> {
    return listHeldPayouts(poolSql(this.ds), who.operatorId);
  }
}
