import { Controller, Get, HttpException, Param } from '@nestjs/common';
import type { LobbyTable } from '@casino/player-protocol';
import { TableDirectory } from '../tables/table-directory.service';

/** The lobby's read API: health and the aggregated tables (public data, no player data). */
@Controller()
export class LobbyController {
  constructor(private readonly directory: TableDirectory) {}

  @Get('health')
  health(): { ok: true; service: string; tables: number; offline: number } {
    const tables = this.directory.list();
    return {
      ok: true,
      service: 'lobby-service',
      tables: tables.length,
      offline: tables.filter((t) => !t.online).length,
    };
  }

  @Get('api/tables')
  tables(): LobbyTable[] {
    return this.directory.list();
  }

  @Get('api/tables/:tableId')
  table(@Param('tableId') tableId: string): LobbyTable {
    const table = this.directory.get(tableId);
    if (!table) throw new HttpException({ code: 'TABLE_UNKNOWN', message: `no table ${tableId}` }, 404);
    return table;
  }
}
