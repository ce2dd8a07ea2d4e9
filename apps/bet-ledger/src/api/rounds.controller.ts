import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { LedgerQueries } from '../use-cases/queries/ledger.queries';
import { RoundViewDto } from '../use-cases/queries/views.dto';
import { BackOfficeGuard } from './operator-auth.guard';

@ApiTags('back office: rounds')
@ApiBearerAuth()
@UseGuards(BackOfficeGuard)
@Controller('tables/:tableId/rounds')
export class RoundsController {
  constructor(private readonly queries: LedgerQueries) {}

  @Get(':roundId')
  @ApiOperation({ summary: 'A round: table settings, shoe, result, every bet and its settlement' })
  @ApiOkResponse({ type: RoundViewDto })
  @ApiNotFoundResponse({ description: 'ROUND_NOT_FOUND' })
  round(@Param('tableId') tableId: string, @Param('roundId') roundId: string): Promise<RoundViewDto> {
    return this.queries.round(tableId, roundId);
  }
}
