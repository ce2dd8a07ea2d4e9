import { Controller, Get, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { LedgerQueries } from '../use-cases/queries/ledger.queries';
import { RoundViewDto } from '../use-cases/queries/views.dto';

@ApiTags('rounds')
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
