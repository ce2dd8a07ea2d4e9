import { CardDealerConsoleBase, DealerKeyGuard, WireValue } from '@casino/table-kit';
import { Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { DealerCommand } from '../table/baccarat-table.state';
import { TableService } from '../table/table.service';

/**
 * The dealer console of a live baccarat table (header x-dealer-key): the card-table routes (cards, rescans,
 * voids, new shoe, cut card) and the no-bet round. Refusals are HTTP 409 with `{ code, message }`; invalid
 * bodies 400.
 */
@Controller('dealer/tables/:tableId')
@UseGuards(DealerKeyGuard)
export class DealerController extends CardDealerConsoleBase<DealerCommand> {
  constructor(tables: TableService) {
    super((tableId) => tables.live.host(tableId));
  }

  /** Manager: play the next round without bets (e.g. to verify the card sequence). */
  @Post('no-bet-round')
  @HttpCode(200)
  noBetRound(@Param('tableId') tableId: string): Promise<WireValue> {
    return this.command(tableId, { kind: 'noBetRound' });
  }

  protected override unknownTable(tableId: string): string {
    return `no live table ${tableId}`;
  }
}
