import { DealerConsole, DealerConsoleBase, WireValue } from '@casino/table-kit';
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

/**
 * The console of the automatic studio tables (dealer token, table scope, audit): a void on a malfunction (after
 * betting closed, with a pit boss's approval id). Refusals are HTTP 409 `{ code, message }`; bad bodies 400.
 */
@Controller('dealer/tables/:tableId')
@DealerConsole()
export class DealerController extends DealerConsoleBase<StudioDealerCommand> {
  constructor(tables: TableService) {
    super((tableId) => tables.runtime.host(tableId));
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
