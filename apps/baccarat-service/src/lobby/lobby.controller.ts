import { toWire, WireValue } from '@casino/table-kit/core';
import { LobbyControllerBase } from '@casino/table-kit/nest';
import { Controller, Get, HttpException, Param } from '@nestjs/common';
import { BaccaratTableConfig } from '../config/baccarat-config';
import { TableService } from '../table/table.service';

/** Public read side: health, the lobby's table list, a table's state, a finished shoe's reveal. */
@Controller()
export class LobbyController extends LobbyControllerBase {
  constructor(private readonly tables: TableService) {
    super('baccarat-service', tables);
  }

  /** RNG tables are listed by their settings; live tables by their state with the last ten results. */
  protected override row(config: BaccaratTableConfig): unknown {
    const table = this.tables.watch(config.id);
    if (!table)
      return {
        tableId: config.id,
        game: 'baccarat',
        variant: 'rng',
        currency: config.currency,
        limits: config.rules.limits,
      };
    const view = table.view() as { history: unknown[] };
    return { ...view, history: view.history.slice(-10) };
  }

  protected override unknownTable(tableId: string): string {
    return `no live table ${tableId}`;
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
