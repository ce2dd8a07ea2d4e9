import { toWire, WireValue } from '@casino/table-kit';
import { Controller, Get, HttpException, Param } from '@nestjs/common';
import { tableView } from '../table/table-view';
import { TableService } from '../table/table.service';

/** Public read side: health, the lobby's table list, a table's state. */
@Controller()
export class LobbyController {
  constructor(private readonly tables: TableService) {}

  @Get('health')
  health(): WireValue {
    return { ok: true, service: 'blackjack-service', tables: this.tables.config.tables.length };
  }

  @Get('tables')
  list(): WireValue {
    return toWire(
      this.tables.config.tables.map((config) =>
        tableView(this.tables.runtime.host(config.id)!.state, config),
      ),
    );
  }

  @Get('tables/:tableId')
  table(@Param('tableId') tableId: string): WireValue {
    const config = this.tables.tableConfig(tableId);
    const host = this.tables.runtime.host(tableId);
    if (!config || !host)
      throw new HttpException({ code: 'TABLE_UNKNOWN', message: `no table ${tableId}` }, 404);
    return toWire(tableView(host.state, config));
  }
}
