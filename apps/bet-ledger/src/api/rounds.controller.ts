import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentStaff, Requires } from '../back-office/auth/back-office.guard';
import { StaffPrincipal } from '../back-office/auth/permissions';
import { LedgerQueries } from '../use-cases/queries/ledger.queries';
import { RoundViewDto } from '../use-cases/queries/views.dto';
import { BackOfficeGuard } from './operator-auth.guard';

@ApiTags('back office: rounds')
@ApiBearerAuth()
@UseGuards(BackOfficeGuard)
@Requires('rounds.read')
@Controller('tables/:tableId/rounds')
export class RoundsController {
  constructor(private readonly queries: LedgerQueries) {}

  @Get(':roundId')
  @ApiOperation({ summary: 'A round: table settings, shoe, result, every bet and its settlement' })
  @ApiOkResponse({ type: RoundViewDto })
  @ApiNotFoundResponse({ description: 'ROUND_NOT_FOUND' })
  round(
    @CurrentStaff() who: StaffPrincipal,
    @Param('tableId') tableId: string,
    @Param('roundId') roundId: string,
  ): Promise<RoundViewDto> {
    // An operator's staff see their operator's bets only.
    return who.operatorId === null
      ? this.queries.round(tableId, roundId)
      : this.queries.operatorRound(who.operatorId, tableId, roundId);
  }
}
