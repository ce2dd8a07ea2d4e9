import { DealerKeyGuard, parseMessage, toWire, WireValue } from '@casino/table-kit';
import {
  Body,
  Controller,
  HttpCode,
  HttpException,
  HttpStatus,
  Param,
  Post,
  UseGuards,
} from '@nestjs/common';
import { DealerCommand } from '../table/baccarat-table.state';
import { TableService } from '../table/table.service';
import { scannedCardSchema, voidRoundSchema } from './dealer-input.dto';

/**
 * The dealer console of a live table (header x-dealer-key): scanned cards and rescans (studio tables), voids,
 * and the manager's decisions. Refusals are HTTP 409 with `{ code, message }`; invalid bodies 400.
 */
@Controller('dealer/tables/:tableId')
@UseGuards(DealerKeyGuard)
export class DealerController {
  constructor(private readonly tables: TableService) {}

  @Post('card')
  @HttpCode(200)
  card(@Param('tableId') tableId: string, @Body() body: unknown): Promise<WireValue> {
    const msg = parseMessage(scannedCardSchema, body);
    if (!msg.ok) throw new HttpException(msg, HttpStatus.BAD_REQUEST);
    return this.command(tableId, { kind: 'card', card: msg.value.card });
  }

  @Post('rescan')
  @HttpCode(200)
  rescan(@Param('tableId') tableId: string): Promise<WireValue> {
    return this.command(tableId, { kind: 'rescan' });
  }

  @Post('void')
  @HttpCode(200)
  voidRound(@Param('tableId') tableId: string, @Body() body: unknown): Promise<WireValue> {
    const msg = parseMessage(voidRoundSchema, body);
    if (!msg.ok) throw new HttpException(msg, HttpStatus.BAD_REQUEST);
    return this.command(tableId, { kind: 'void', reason: msg.value.reason, message: msg.value.message });
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

  private async command(tableId: string, command: DealerCommand): Promise<WireValue> {
    const host = this.tables.live.host(tableId);
    if (!host) throw new HttpException({ code: 'TABLE_UNKNOWN', message: `no live table ${tableId}` }, 404);
    const reply = await host.dispatch({ kind: 'dealer', command });
    if (!reply || !reply.ok) {
      throw new HttpException(reply ?? { code: 'INTERNAL_ERROR', message: 'no reply' }, HttpStatus.CONFLICT);
    }
    return toWire(reply);
  }
}
