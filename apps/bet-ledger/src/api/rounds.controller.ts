import { Controller, Get, NotFoundException, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { LedgerQueries } from './ledger.queries';
import { RoundViewDto } from './views.dto';

@ApiTags('rounds')
@Controller('tables/:tableId/rounds')
export class RoundsController {
  private readonly queries: LedgerQueries;

  constructor(ds: DataSource) {
    this.queries = new LedgerQueries(ds);
  }

  @Get(':roundId')
  @ApiOperation({ summary: 'A round: table settings, shoe, result, every bet and its settlement' })
  @ApiOkResponse({ type: RoundViewDto })
  @ApiNotFoundResponse({ description: 'ROUND_NOT_FOUND' })
  async round(@Param('tableId') tableId: string, @Param('roundId') roundId: string): Promise<RoundViewDto> {
    const round = await this.queries.round(tableId, roundId);
    if (!round)
      throw new NotFoundException({ code: 'ROUND_NOT_FOUND', message: `no round ${tableId}/${roundId}` });
    return round;
  }
}
