import { DealerConsoleBase, DealerKeyGuard, WireValue } from '@casino/table-kit';
import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { DealerCommand } from '../table/baccarat-table.state';
import { TableService } from '../table/table.service';
import { scannedCardSchema, voidRoundSchema } from './dealer-input.dto';

/**
 * The dealer console of a live table (header x-dealer-key): scanned cards and rescans (studio tables), voids,
 * and the manager's decisions. Refusals are HTTP 409 with `{ code, message }`; invalid bodies 400.
 */
@Controller('dealer/tables/:tableId')
@UseGuards(DealerKeyGuard)
export class DealerController extends DealerConsoleBase<DealerCommand> {
  constructor(tables: TableService) {
    super((tableId) => tables.live.host(tableId));
  }

  @Post('card')
  @HttpCode(200)
  card(@Param('tableId') tableId: string, @Body() body: unknown): Promise<WireValue> {
    const msg = this.parse(scannedCardSchema, body);
    return this.command(tableId, { kind: 'card', card: msg.card });
  }

  @Post('rescan')
  @HttpCode(200)
  rescan(@Param('tableId') tableId: string): Promise<WireValue> {
    return this.command(tableId, { kind: 'rescan' });
  }

  @Post('void')
  @HttpCode(200)
  voidRound(@Param('tableId') tableId: string, @Body() body: unknown): Promise<WireValue> {
    const msg = this.parse(voidRoundSchema, body);
    return this.command(tableId, { kind: 'void', reason: msg.reason, message: msg.message });
  }

  /** Manager: a new shoe after this round (or, on a studio table waiting for one, the new shoe is loaded). */
  @Post('new-shoe')
  @HttpCode(200)
  newShoe(@Param('tableId') tableId: string): Promise<WireValue> {
    return this.command(tableId, { kind: 'newShoe' });
  }

  /** Studio: the cut card came out; the current round is the last of the shoe. */
  @Post('cut-card')
  @HttpCode(200)
  cutCard(@Param('tableId') tableId: string): Promise<WireValue> {
    return this.command(tableId, { kind: 'cutCard' });
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
