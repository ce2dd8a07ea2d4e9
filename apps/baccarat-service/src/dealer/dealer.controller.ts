import { WireValue } from '@casino/table-kit/core';
import { CardDealerConsoleBase, DealerConsole } from '@casino/table-kit/nest';
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { z } from 'zod';
import { DealerCommand } from '../table/baccarat-table.state';
import { TableService } from '../table/table.service';

const exposedCardSchema = z
  .object({ card: z.string().min(1).max(8), noBet: z.boolean().optional() })
  .strict();

/**
 * The dealer console of a live baccarat table (dealer token, table scope, audit): the card-table routes (cards, rescans,
 * voids, new shoe, cut card), exposed cards and the no-bet round. Refusals are HTTP 409 with
 * `{ code, message }`; invalid bodies 400.
 */
@Controller('dealer/tables/:tableId')
@DealerConsole()
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

  /**
   * Studio: a card came out of order (flipped or dropped face up, one too many). Not burned: it is dealt in
   * its place, in this round or as the next round's first card; while betting is open betting closes at once, or
   * with `noBet: true` (the manager's decision) the round is made no-bet (docs/rules/baccarat.md#exposed-cards).
   */
  @Post('exposed-card')
  @HttpCode(200)
  exposedCard(@Param('tableId') tableId: string, @Body() body: unknown): Promise<WireValue> {
    const msg = this.parse(exposedCardSchema, body);
    return this.command(tableId, { kind: 'exposedCard', card: msg.card, noBet: msg.noBet });
  }

  protected override unknownTable(tableId: string): string {
    return `no live table ${tableId}`;
  }
}
