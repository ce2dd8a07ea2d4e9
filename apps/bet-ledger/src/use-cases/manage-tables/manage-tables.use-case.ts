import { Sql, sqlOf } from '@casino/wallet';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TableDealer, TableStatus } from '../../tables/table-catalogue.repository';
import { LedgerError } from '../../errors/ledger.errors';
import {
  CatalogueTable,
  findTable,
  listTables,
  recordTableAudit,
  refusalStats,
  tableAudit,
  TableAuditEntry,
  writeTable,
} from '../../tables/table-catalogue.repository';
import { toJson } from '../../rounds/round.repository';
import { canonicalSettings, parseTableSettings } from '../../tables/table-settings';

/** Who changes a table and why (both audited; the back-office token is shared, so `actor` is as claimed). */
export interface TableActor {
  actor: string;
  reason: string;
}

/**
 * A back-office PUT: the table's fields; `status` absent keeps an existing table's and opens a new one, `dealer`
 * absent keeps an existing table's and makes a new one a studio (live) table, `dealerLanguage` absent keeps an
 * existing table's (null clears it).
 */
export interface TableRequest extends TableActor {
  variant: string;
  dealer?: TableDealer;
  dealerLanguage?: string | null;
  currency: string;
  producer: string;
  settings: unknown;
  status?: TableStatus;
}

/** A table as the API shows it: settings as JSON (amounts as decimal strings). */
export type TableView = Omit<CatalogueTable, 'settings'> & { settings: Record<string, unknown> };

export type TableChange = { table: TableView; changed: boolean; created: boolean };

const view = (t: CatalogueTable): TableView => ({
  ...t,
  settings: JSON.parse(toJson(t.settings)) as Record<string, unknown>,
});

/**
 * The table catalogue's back office: list, read (with the audit), create or update (validated with the events'
 * schema and the engines' checks), close. Every change is one transaction with its audit row; a request that
 * changes nothing writes nothing.
 */
@Injectable()
export class ManageTablesUseCase {
  constructor(private readonly dataSource: DataSource) {}

  async list(page: { limit: number; after?: string }): Promise<TableView[]> {
    return (await this.read((sql) => listTables(sql, page))).map(view);
  }

  async get(tableId: string): Promise<TableView & { audit: TableAuditEntry[] }> {
    const table = await this.read((sql) => findTable(sql, tableId));
    if (!table) throw new LedgerError('TABLE_NOT_FOUND', `no table ${tableId} in the catalogue`);
    return { ...view(table), audit: await this.read((sql) => tableAudit(sql, tableId)) };
  }

  async put(tableId: string, req: TableRequest): Promise<TableChange> {
    const parsed = parseTableSettings(req.settings, req.currency);
    if (!parsed.ok)
      throw new LedgerError(
        'TABLE_SETTINGS_INVALID',
        `invalid table settings: ${parsed.problems.join('; ')}`,
      );
    const settings = parsed.settings;
    return this.dataSource.transaction(async (em) => {
      const sql = sqlOf(em);
      const before = await findTable(sql, tableId, 'update');
      if (before && before.game !== settings.game)
        throw new LedgerError(
          'TABLE_GAME_CHANGED',
          `table ${tableId} plays ${before.game}, the request ${settings.game}`,
        );
      const next = {
        tableId,
        variant: req.variant,
        dealer: req.dealer ?? before?.dealer ?? 'studio',
        dealerLanguage:
          req.dealerLanguage === undefined ? (before?.dealerLanguage ?? null) : req.dealerLanguage,
        currency: req.currency,
        producer: req.producer,
        settings,
        status: req.status ?? before?.status ?? 'open',
      };
      if (before && sameTable(before, next)) return { table: view(before), changed: false, created: false };
      const after = await writeTable(sql, next, req.actor);
      const action = before ? 'update' : 'create';
      await recordTableAudit(sql, tableId, {
        action,
        actor: req.actor,
        reason: req.reason,
        before: before ?? null,
        after,
      });
      return { table: view(after), changed: true, created: !before };
    });
  }

  /** Closes a table: its next RoundOpened is refused (rounds already open finish as usual). */
  async close(tableId: string, who: TableActor): Promise<TableChange> {
    return this.dataSource.transaction(async (em) => {
      const sql = sqlOf(em);
      const before = await findTable(sql, tableId, 'update');
      if (!before) throw new LedgerError('TABLE_NOT_FOUND', `no table ${tableId} in the catalogue`);
      if (before.status === 'closed') return { table: view(before), changed: false, created: false };
      const after = await writeTable(sql, { ...before, status: 'closed' }, who.actor);
      await recordTableAudit(sql, tableId, { action: 'close', ...who, before, after });
      return { table: view(after), changed: true, created: false };
    });
  }

  /** RoundOpened refused so far (for /health). */
  refusals(): ReturnType<typeof refusalStats> {
    return this.read((sql) => refusalStats(sql));
  }

  private async read<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    const runner = this.dataSource.createQueryRunner();
    try {
      return await work(sqlOf(runner));
    } finally {
      await runner.release();
    }
  }
}

function sameTable(
  a: CatalogueTable,
  b: Omit<CatalogueTable, 'game' | 'version' | 'createdAt' | 'updatedAt' | 'updatedBy'>,
) {
  return (
    a.variant === b.variant &&
    a.dealer === b.dealer &&
    a.dealerLanguage === b.dealerLanguage &&
    a.currency === b.currency &&
    a.producer === b.producer &&
    a.status === b.status &&
    canonicalSettings(a.settings) === canonicalSettings(b.settings)
  );
}
