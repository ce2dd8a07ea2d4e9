import { CasinoEvent } from '@casino/events';
import { DataSource } from 'typeorm';
import { toJson } from '../../src/rounds/round.repository';
import { settingsOf } from '../../src/tables/table-settings';
import { ManageTablesUseCase } from '../../src/use-cases/manage-tables/manage-tables.use-case';

/**
 * Registers the table of every RoundOpened about to be sent in the ledger's table catalogue, with the settings
 * the message carries (as the demo and an operator's back office would beforehand), so that the tests of other
 * features need not know about the catalogue. A test of the catalogue itself sends with `sendUnregistered`.
 */
export async function registerTablesOf(ds: DataSource, events: readonly CasinoEvent[]): Promise<void> {
  const tables = new ManageTablesUseCase(ds);
  for (const e of events) {
    if (e.type !== 'RoundOpened') continue;
    await tables.put(e.tableId, {
      variant: 'test',
      currency: e.currency,
      producer: `${e.game}-service`,
      // As the API takes them: JSON, amounts as strings.
      settings: JSON.parse(toJson(settingsOf(e.table))) as unknown,
      actor: 'ledger-test-harness',
      reason: 'registered before its RoundOpened is sent',
    });
  }
}
