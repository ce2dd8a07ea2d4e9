import { Get, HttpException, Param } from '@nestjs/common';
import { toWire, WireValue } from '../wire/to-wire';
import { ServiceTableConfig, WatchedTable } from './game-table.service';

/** What the lobby reads of a service's tables. */
export interface LobbyTables {
  readonly config: { tables: readonly ServiceTableConfig[] };
  watch(tableId: string): WatchedTable<ServiceTableConfig> | undefined;
  /** Whether this instance runs the table (each table runs on one instance of the service at a time). */
  runsHere(tableId: string): boolean;
  playersAt(tableId: string): number;
}

/**
 * Public read side every game service has: the lobby's table list, a table's state (health is
 * ServiceHealthController's). The game's
 * controller (decorated `@Controller()`) extends it and may list a table otherwise (`row`).
 */
export abstract class LobbyControllerBase {
  protected constructor(
    /** The service's name (e.g. roulette-service). */
    protected readonly service: string,
    protected readonly lobby: LobbyTables,
  ) {}

  /** The tables this instance runs (another instance of the service lists the others). */
  @Get('tables')
  list(): WireValue {
    return toWire(
      this.lobby.config.tables
        .filter((config) => this.lobby.runsHere(config.id))
        .map((config) => ({
          ...(this.row(config) as object),
          playersAtTable: this.lobby.playersAt(config.id),
        })),
    );
  }

  @Get('tables/:tableId')
  table(@Param('tableId') tableId: string): WireValue {
    const table = this.lobby.watch(tableId);
    if (!table) throw new HttpException({ code: 'TABLE_UNKNOWN', message: this.unknownTable(tableId) }, 404);
    return toWire(table.view());
  }

  /** A table's row in the lobby list: its public state (the list adds `playersAtTable`, a count, no ids). */
  protected row(config: ServiceTableConfig): unknown {
    return this.lobby.watch(config.id)?.view();
  }

  protected unknownTable(tableId: string): string {
    return `no table ${tableId}`;
  }
}
