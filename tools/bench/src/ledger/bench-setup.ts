import { LedgerProcess } from '@casino/test-support';
import { benchTable } from './bench-load';
import { TABLES } from './bench-options';

/** The bench's tables in the ledger's table catalogue (the ledger refuses rounds of unknown tables). */
export async function registerBenchTables(ledger: LedgerProcess): Promise<void> {
  for (const game of ['baccarat', 'roulette'] as const)
    for (let i = 0; i < TABLES; i++)
      await ledger.putTable({
        tableId: `bench-${game}-${i}`,
        currency: 'EUR',
        producer: `${game}-service`,
        settings: benchTable(game),
      });
}
