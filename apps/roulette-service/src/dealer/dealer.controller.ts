import { WireValue } from '@casino/table-kit/core';
import { DealerConsoleBase, DealerConsole } from '@casino/table-kit/nest';
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { RouletteDealerCommand } from '../table/roulette-table.state';
import { TableService } from '../table/table.service';
import { announcedPocketSchema, voidSpinSchema, wheelReadySchema } from './dealer-input.dto';

/**
 * The roulette console (dealer token, table scope, audit): the pit boss declares the wheel ready or closes it; a studio dealer
 * launches the ball and announces the pocket; voids. Refusals are HTTP 409 `{ code, message }`; bad bodies 400.
 */
@Controller('dealer/tables/:tableId')
@DealerConsole()
export class DealerController extends DealerConsoleBase<RouletteDealerCommand> {
  constructor(tables: TableService) {
    super((tableId) => tables.runtime.host(tableId));
  }

  @Post('wheel-ready')
  @HttpCode(200)
  wheelReady(@Param('tableId') tableId: string, @Body() body: unknown): Promise<WireValue> {
    const msg = this.parse(wheelReadySchema, body);
    return this.command(tableId, { kind: 'wheelReady', declaredBy: msg.declaredBy });
  }

  @Post('wheel-closed')
  @HttpCode(200)
  wheelClosed(@Param('tableId') tableId: string): Promise<WireValue> {
    return this.command(tableId, { kind: 'wheelClosed' });
  }

  @Post('launch')
  @HttpCode(200)
  launch(@Param('tableId') tableId: string): Promise<WireValue> {
    return this.command(tableId, { kind: 'launch' });
  }

  @Post('pocket')
  @HttpCode(200)
  pocket(@Param('tableId') tableId: string, @Body() body: unknown): Promise<WireValue> {
    const msg = this.parse(announcedPocketSchema, body);
    return this.command(tableId, {
      kind: 'pocket',
      pocket: msg.pocket,
      revolutions: msg.revolutions,
      signature: msg.signature,
    });
  }

  @Post('void')
  @HttpCode(200)
  voidSpin(@Param('tableId') tableId: string, @Body() body: unknown): Promise<WireValue> {
    const msg = this.parse(voidSpinSchema, body);
    return this.command(tableId, {
      kind: 'void',
      reason: msg.reason,
      message: msg.message,
      approvalId: msg.approvalId,
    });
  }
}
