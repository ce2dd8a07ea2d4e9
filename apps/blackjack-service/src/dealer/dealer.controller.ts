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
export class DealerController {
  constructor(private readonly tables: TableService) {}

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

  private parse<S extends z.ZodTypeAny>(schema: S, body: unknown): z.infer<S> {
    const msg = parseMessage(schema, body);
    if (!msg.ok) throw new HttpException(msg, HttpStatus.BAD_REQUEST);
    return msg.value;
  }

  private async command(tableId: string, command: BlackjackDealerCommand): Promise<WireValue> {
    const host = this.tables.runtime.host(tableId);
    if (!host) throw new HttpException({ code: 'TABLE_UNKNOWN', message: `no table ${tableId}` }, 404);
    const reply = await host.dispatch({ kind: 'dealer', command });
    if (!reply || !reply.ok) {
      throw new HttpException(reply ?? { code: 'INTERNAL_ERROR', message: 'no reply' }, HttpStatus.CONFLICT);
    }
    return toWire(reply);
  }
}
