import { DealerConsoleBase, DealerKeyGuard, WireValue } from '@casino/table-kit';
import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { BlackjackDealerCommand } from '../table/blackjack-table.state';
import { TableService } from '../table/table.service';

const scannedCardSchema = z.object({ card: z.string().min(1).max(8) }).strict();
const voidRoundSchema = z
  .object({ reason: z.enum(['misdeal', 'malfunction']), message: z.string().max(300).optional() })
  .strict();

/**
 * The blackjack console (header x-dealer-key): scanned cards and rescans (studio tables), voids, new shoe, cut
 * card. Refusals are HTTP 409 `{ code, message }`; bad bodies 400.
 */
@Controller('dealer/tables/:tableId')
@UseGuards(DealerKeyGuard)
export class DealerController extends DealerConsoleBase<BlackjackDealerCommand> {
  constructor(tables: TableService) {
    super((tableId) => tables.runtime.host(tableId));
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

  @Post('new-shoe')
  @HttpCode(200)
  newShoe(@Param('tableId') tableId: string): Promise<WireValue> {
    return this.command(tableId, { kind: 'newShoe' });
  }

  @Post('cut-card')
  @HttpCode(200)
  cutCard(@Param('tableId') tableId: string): Promise<WireValue> {
    return this.command(tableId, { kind: 'cutCard' });
  }
}
