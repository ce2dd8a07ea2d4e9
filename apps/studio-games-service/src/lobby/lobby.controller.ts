import { toWire, WireValue } from '@casino/table-kit/core';
import { LobbyControllerBase } from '@casino/table-kit/nest';
import { Controller, Get, HttpException, Param } from '@nestjs/common';
import { TableService } from '../table/table.service';

/** Public read side: health, the lobby's table list, a table's state, a finished shoe's reveal. */
@Controller()
export class LobbyController extends LobbyControllerBase {
  constructor(private readonly tables: TableService) {
    super('studio-games-service', tables);
  }

  /** A finished shoe: its commitment (published before the first card) and the order and salt that prove it. */
  @Get('tables/:tableId/shoes/:shoeId')
  shoe(@Param('tableId') tableId: string, @Param('shoeId') shoeId: string): WireValue {
    const shoe = this.tables.runtime.host(tableId)?.state.revealed.find((s) => s.shoeId === shoeId);
    if (!shoe)
      throw new HttpException({ code: 'SHOE_UNKNOWN', message: 'no finished shoe with that id' }, 404);
    return toWire(shoe);
  }
}
