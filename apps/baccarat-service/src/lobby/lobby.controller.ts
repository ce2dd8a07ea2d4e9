import { toWire, WireValue } from '@casino/table-kit';
import { Controller, Get, HttpException, Param } from '@nestjs/common';
import { tableView } from '../table/table-view';
import { TableService } from '../table/table.service';

/** Public read side: health, the lobby's table list, a table's state, a finished shoe's reveal. */
@Controller()
export class LobbyController {
  constructor(private readonly tables: TableService) {}

  @Get('health')
  health(): WireValue {
    return { ok: true, service: 'baccarat-service', tables: this.tables.config.tables.length };
  }

  @Get('tables')
  list(): WireValue {
    return toWire(
      this.tables.config.tables.map((config) => {
        const host = this.tables.live.host(config.id);
        if (!host)
          return {
            tableId: config.id,
            game: 'baccarat',
            variant: 'rng',
            currency: config.currency,
            limits: config.rules.limits,
          };
        const view = tableView(host.state, config) as { history: unknown[] };
        return { ...view, history: view.history.slice(-10) };
      }),
    );
  }

  @Get('tables/:tableId')
  table(@Param('tableId') tableId: string): WireValue {
    const config = this.tables.tableConfig(tableId);
    const host = this.tables.live.host(tableId);
    if (!config || !host)
      throw new HttpException({ code: 'TABLE_UNKNOWN', message: `no live table ${tableId}` }, 404);
    return toWire(tableView(host.state, config));
  }

  /** A finished shoe: its commitment (published before the first card) and the order and salt that prove it. */
  @Get('tables/:tableId/shoes/:shoeId')
  shoe(@Param('tableId') tableId: string, @Param('shoeId') shoeId: string): WireValue {
    const host = this.tables.live.host(tableId);
    const shoe = host?.state.revealed.find((s) => s.shoeId === shoeId);
    if (!shoe)
      throw new HttpException({ code: 'SHOE_UNKNOWN', message: 'no finished shoe with that id' }, 404);
    return toWire(shoe);
  }
}
