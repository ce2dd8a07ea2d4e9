import { WireValue } from '@casino/table-kit/core';
import { DealerConsole, DealerConsoleBase } from '@casino/table-kit/nest';
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { z } from 'zod';
import { StudioDealerCommand } from '../table/studio-table.state';
import { TableService } from '../table/table.service';

const voidRoundSchema = z
  .object({
    reason: z.enum(['malfunction', 'cancelled']),
    message: z.string().max(300).optional(),
    approvalId: z.string().uuid().optional(),
  })
  .strict();

const signatureSchema = z.string().min(1).max(200);

/**
 * The result a studio dealer enters: the game's own field (its engine checks the values), and the studio's
 * signatures when its console has a key (docs/kafka-security.md#signed-live-results), passed on as they are:
 * `signature` of the whole result (dice, beads), `cardSignatures` one per card in deal order.
 */
const dealerResultSchema = z
  .object({
    dice: z.array(z.number().int()).max(3).optional(),
    count: z.number().int().optional(),
    cards: z.array(z.string().min(1).max(4)).max(2).optional(),
    signature: signatureSchema.optional(),
    cardSignatures: z.array(signatureSchema).max(2).optional(),
  })
  .strict();

const redrawSchema = z.object({ reason: z.string().max(300).optional() }).strict();

/**
 * The console of the studio games' tables (dealer token, table scope, audit): a studio dealer enters the result
 * (`{ dice }`, `{ count }`, `{ cards }`, each with the studio's `signature` or `cardSignatures`) or shakes /
 * counts again (`redraw`); a void on a malfunction (after betting closed, with a pit boss's approval id).
 * Refusals are HTTP 409 `{ code, message }`; bad bodies 400.
 */
@Controller('dealer/tables/:tableId')
@DealerConsole()
export class DealerController extends DealerConsoleBase<StudioDealerCommand> {
  constructor(tables: TableService) {
    super((tableId) => tables.runtime.host(tableId));
  }

  @Post('result')
  @HttpCode(200)
  result(@Param('tableId') tableId: string, @Body() body: unknown): Promise<WireValue> {
    return this.command(tableId, { kind: 'result', result: this.parse(dealerResultSchema, body) });
  }

  @Post('redraw')
  @HttpCode(200)
  redraw(@Param('tableId') tableId: string, @Body() body: unknown): Promise<WireValue> {
    return this.command(tableId, { kind: 'redraw', reason: this.parse(redrawSchema, body ?? {}).reason });
  }

  @Post('void')
  @HttpCode(200)
  voidRound(@Param('tableId') tableId: string, @Body() body: unknown): Promise<WireValue> {
    const msg = this.parse(voidRoundSchema, body);
    return this.command(tableId, {
      kind: 'void',
      reason: msg.reason,
      message: msg.message,
      approvalId: msg.approvalId,
    });
  }
}
