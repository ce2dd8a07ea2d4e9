import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { gameDefinition } from '@casino/games';
import type { LobbyStudioResult, LobbyTable } from '@casino/player-protocol';
import { GameServiceEndpoint, LOBBY_CONFIG, LobbyConfig } from '../config/lobby-config';
import { lobbyRow, rowChanged } from './lobby-rows';
import {
  baccaratResultsOf,
  parseServiceTables,
  RouletteResult,
  rouletteResultsOf,
  studioResultsOf,
} from './service-tables';
import { nextRouletteResults, nextShoeResults, ShoeResults } from './table-history';

export type TablesListener = (changed: LobbyTable[]) => void;

/**
 * Every game service's tables, read by polling each instance's `GET /tables` every LOBBY_POLL_MS (an instance lists
 * the tables it runs; a row points at the instance that listed it last, so a table that moved is found where it
 * runs now). Keeps what a service's list does not carry in full (a baccarat shoe's results for the roads, the last
 * 100 roulette pockets) and tells its listeners which rows changed. An instance that does not answer keeps the
 * tables last seen there listed, marked offline, until another instance lists them.
 */
@Injectable()
export class TableDirectory implements OnModuleInit, OnApplicationShutdown {
  private readonly log = new Logger('TableDirectory');
  private readonly rows = new Map<string, LobbyTable>();
  private readonly shoes = new Map<string, ShoeResults>();
  private readonly pockets = new Map<string, RouletteResult[]>();
  private readonly listeners = new Set<TablesListener>();
  private readonly lastProblem = new Map<string, string>();
  private timer?: NodeJS.Timeout;
  private polling?: Promise<void>;
  private stopped = false;

  constructor(@Inject(LOBBY_CONFIG) private readonly config: LobbyConfig) {}

  onModuleInit(): void {
    this.polling = this.pollAll();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.polling;
  }

  /** Every table, in the services' order. */
  list(): LobbyTable[] {
    return [...this.rows.values()];
  }

  get(tableId: string): LobbyTable | undefined {
    return this.rows.get(tableId);
  }

  onChange(listener: TablesListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** One round of reads of every service (exposed for tests); the next is scheduled after it. */
  async pollAll(): Promise<void> {
    const changed = (await Promise.all(this.config.services.map((s) => this.poll(s)))).flat();
    if (changed.length > 0) for (const listener of this.listeners) listener(changed);
    if (!this.stopped) {
      this.timer = setTimeout(() => {
        this.polling = this.pollAll();
      }, this.config.pollMs);
    }
  }

  private async poll(endpoint: GameServiceEndpoint): Promise<LobbyTable[]> {
    let body: unknown;
    try {
      const res = await fetch(`${endpoint.url}/tables`, {
        signal: AbortSignal.timeout(this.config.fetchTimeoutMs),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      body = await res.json();
    } catch (err) {
      this.problem(endpoint, `unreachable: ${(err as Error).message}`);
      return this.markOffline(endpoint);
    }
    const { tables, problems } = parseServiceTables(endpoint.game, body);
    this.problem(endpoint, problems.length > 0 ? problems.join(' | ') : undefined);
    const changed: LobbyTable[] = [];
    for (const table of tables) {
      let baccaratResults: LobbyTable['baccaratResults'] = [];
      let rouletteResults: LobbyTable['rouletteResults'] = [];
      let studioResults: LobbyStudioResult[] = [];
      if (table.game === 'baccarat' && table.variant !== 'rng') {
        const shoe = nextShoeResults(
          this.shoes.get(table.tableId),
          table.shoe?.shoeId ?? null,
          baccaratResultsOf(table.history),
          table.round?.number,
          table.phase,
        );
        this.shoes.set(table.tableId, shoe);
        baccaratResults = shoe.results;
      } else if (table.game === 'roulette') {
        rouletteResults = nextRouletteResults(
          this.pockets.get(table.tableId),
          rouletteResultsOf(table.history),
        );
        this.pockets.set(table.tableId, rouletteResults);
      } else if (gameDefinition(table.game).service === 'studio-games') {
        // The studio service lists every result it keeps (its card tables' entries name their shoe): no merging.
        studioResults = studioResultsOf(table.history, table.shoe?.shoeId ?? null);
      }
      const row = lobbyRow({
        table,
        endpoint,
        presentation: this.config.presentation,
        online: true,
        baccaratResults,
        rouletteResults,
        studioResults,
      });
      if (rowChanged(this.rows.get(row.tableId), row)) changed.push(row);
      this.rows.set(row.tableId, row);
    }
    return changed;
  }

  private markOffline(endpoint: GameServiceEndpoint): LobbyTable[] {
    const changed: LobbyTable[] = [];
    for (const row of this.rows.values()) {
      if (row.serviceUrl === endpoint.publicUrl && row.online) {
        const offline = { ...row, online: false, closesAt: null };
        this.rows.set(row.tableId, offline);
        changed.push(offline);
      }
    }
    return changed;
  }

  /** Logs a service's problem once when it starts and once when it is over. */
  private problem(endpoint: GameServiceEndpoint, problem: string | undefined): void {
    const last = this.lastProblem.get(endpoint.url);
    if (problem === last) return;
    if (problem) {
      this.lastProblem.set(endpoint.url, problem);
      this.log.warn(`${endpoint.game} service at ${endpoint.url}: ${problem}`);
    } else {
      this.lastProblem.delete(endpoint.url);
      this.log.log(`${endpoint.game} service at ${endpoint.url}: answering again`);
    }
  }
}
