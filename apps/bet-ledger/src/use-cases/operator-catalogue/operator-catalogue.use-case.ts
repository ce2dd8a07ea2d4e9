import { outcomeFromCards } from '@casino/baccarat';
import { parseCards } from '@casino/cards';
import { gameSchema } from '@casino/events';
import { exactBetMoments, gameDefinition, roundResultPayloadSchema } from '@casino/games';
import { sqlOf } from '@casino/wallet';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  CatalogueGameView,
  CatalogueTableView,
  GamesResponse,
  LastResult,
  lastResultSchema,
  TablesQuery,
  TablesResponse,
} from './operator-catalogue.schemas';
import { OperatorAccount } from '../../operators/operator-account';
import { listOperatorTables, OperatorCatalogueRow } from '../../tables/operator-catalogue.repository';
import { currencyLimitsOf, sharedCurrencies } from './currency-limits.view';

/** How many settled rounds a table's live state shows (a bead plate's first columns, a roulette history strip). */
export const LAST_RESULTS = 20;

/**
 * The signed catalogue (docs/operator-integration.md#catalogue): the tables an operator's lobby may list, only
 * those in the operator's currencies, with limits and the engines' exact RTP per bet, and the last results.
 */
@Injectable()
export class OperatorCatalogueUseCase {
  constructor(private readonly dataSource: DataSource) {}

  async tables(operator: OperatorAccount, q: TablesQuery = {}): Promise<TablesResponse> {
    const currencies = q.currency ? operator.currencies.filter((c) => c === q.currency) : operator.currencies;
    if (currencies.length === 0) return { items: [] };
    const rows = await this.read(currencies, q.game, LAST_RESULTS);
    return { items: rows.map((row) => tableView(row, currencies)) };
  }

  async games(operator: OperatorAccount): Promise<GamesResponse> {
    const rows = operator.currencies.length === 0 ? [] : await this.read(operator.currencies, undefined, 0);
    const items: CatalogueGameView[] = gameSchema.options.map((game) => {
      const of = rows.filter((r) => r.game === game);
      const open = of.filter((r) => r.status === 'open');
      return {
        game,
        tables: of.length,
        openTables: open.length,
        currencies: [...new Set(open.flatMap((r) => sharedCurrencies(r, operator.currencies)))].sort(),
        variants: [...new Set(of.map((r) => r.variant))].sort(),
      };
    });
    return { items };
  }

  private async read(currencies: string[], game: string | undefined, recent: number) {
    const runner = this.dataSource.createQueryRunner();
    try {
      return await listOperatorTables(sqlOf(runner), { currencies, game, recent });
    } finally {
      await runner.release();
    }
  }
}

type Limit = { min: string; max: string };
const record = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};

/** A catalogue row as the API shows it (settings as stored: amounts are strings already). */
export function tableView(
  row: OperatorCatalogueRow,
  operatorCurrencies: readonly string[] = [row.currency],
): CatalogueTableView {
  const s = row.settings;
  const tableMax = record(s.tableMax);
  const vipMax = record(s.vipMax);
  const limits: CatalogueTableView['limits'] = {};
  for (const [key, raw] of Object.entries(record(s.limits))) {
    const limit = raw as Limit;
    limits[key] = {
      min: String(limit.min),
      max: String(limit.max),
      ...(tableMax[key] === undefined ? {} : { tableMax: String(tableMax[key]) }),
      ...(vipMax[key] === undefined ? {} : { vipMax: String(vipMax[key]) }),
      rtp: exactBetMoments(row.game, key, s)?.rtp ?? null,
    };
  }
  return {
    tableId: row.tableId,
    game: gameSchema.parse(row.game),
    variant: row.variant,
    dealer: row.dealer,
    dealerLanguage: row.dealerLanguage,
    currency: row.currency,
    status: row.status,
    ...(typeof s.payTable === 'string' ? { payTable: s.payTable } : {}),
    ...(s.maxDifference === undefined ? {} : { maxDifference: String(s.maxDifference) }),
    limits,
    currencies: currencyLimitsOf(row, operatorCurrencies),
    lastResults: row.lastResults.flatMap((r) => lastResult(r.roundId, r.result)),
    updatedAt: row.updatedAt,
  };
}

/**
 * A settled round's result as a lobby draws it; a result the engine cannot read is left out. Baccarat and roulette
 * keep their own shapes; every other game shows its result's fields (without the fair round's seeds) and, where its
 * definition deals from a shoe, the side it decided (`first`, `second`, `tie`).
 */
function lastResult(roundId: string, stored: Record<string, unknown>): LastResult[] {
  try {
    const result = roundResultPayloadSchema.parse(stored);
    if (result.game === 'roulette') return [{ game: 'roulette', roundId, pocket: result.pocket }];
    if (result.game === 'baccarat') {
      const o = outcomeFromCards(parseCards(result.cards));
      return [
        {
          game: 'baccarat',
          roundId,
          winner: o.winner,
          playerPair: o.playerPair,
          bankerPair: o.bankerPair,
          natural: o.playerNatural || o.bankerNatural,
        },
      ];
    }
    const { fair: _fair, ...fields } = result as typeof result & { fair?: unknown };
    const draw = gameDefinition(result.game as string).automaticDraw;
    const decided = draw.kind === 'shoe' ? { winner: draw.outcome(result) } : {};
    const view = lastResultSchema.safeParse({ ...fields, ...decided, roundId });
    return view.success ? [view.data] : [];
  } catch {
    // A settled round's result was checked when it was settled; nothing to show rather than a failed catalogue.
  }
  return [];
}
