import { RoundOpenedEvent, TableConfig } from '@casino/events';
import { CatalogueTable, RefusalCode } from './table-catalogue.repository';
import { roundConfigOf, settingsDifferences } from './table-settings';

/**
 * The catalogue table a round's table id belongs to: single-player (RNG) sessions play at `<tableId>~<player>`
 * towards the ledger (table-kit's sessionTableId), governed by their table's entry (catalogue ids have no `~`).
 */
export function catalogueTableId(tableId: string): string {
  const cut = tableId.indexOf('~');
  return cut > 0 ? tableId.slice(0, cut) : tableId;
}

export type RoundAdmission =
  { ok: true; config: TableConfig } | { ok: false; code: RefusalCode; message: string };

/**
 * Whether the catalogue lets a RoundOpened open its round: the table is known and open, and the message's game,
 * currency and settings are the catalogue's. The round is then recorded with the catalogue's settings (only
 * its per-round fields come from the message), so settlement never uses what a message claimed.
 */
export function admitRound(table: CatalogueTable | undefined, event: RoundOpenedEvent): RoundAdmission {
  const where = `table ${event.tableId} (round ${event.roundId})`;
  if (!table) return { ok: false, code: 'TABLE_UNKNOWN', message: `${where} is not in the table catalogue` };
  if (table.status !== 'open') return { ok: false, code: 'TABLE_CLOSED', message: `${where} is closed` };
  const differences: string[] = [];
  if (event.game !== table.game) differences.push(`game ${event.game} (catalogue: ${table.game})`);
  if (event.currency !== table.currency)
    differences.push(`currency ${event.currency} (catalogue: ${table.currency})`);
  if (differences.length === 0)
    differences.push(...settingsDifferences(table.settings, event.table).map((k) => `table.${k}`));
  if (differences.length > 0)
    return {
      ok: false,
      code: 'TABLE_CONFIG_MISMATCH',
      message: `${where} differs from the catalogue (version ${table.version}) in ${differences.join(', ')}`,
    };
  return { ok: true, config: roundConfigOf(table.settings, event.table) };
}
