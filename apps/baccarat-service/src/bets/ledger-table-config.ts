import { tableTotalMaxima } from '@casino/baccarat';
import { TableConfig } from '@casino/events';
import { BaccaratTableConfig } from '../config/baccarat-config';

/** The table's settings as the ledger needs them, snapshotted into RoundOpened. */
export function ledgerTableConfig(config: BaccaratTableConfig, roundInShoe: number): TableConfig {
  const { rules } = config;
  const limits: Record<string, { min: bigint; max: bigint }> = {};
  for (const type of rules.betTypes) {
    const limit = rules.limits[type];
    if (limit) limits[type] = { min: limit.min, max: limit.max };
  }
  return {
    game: 'baccarat',
    limits,
    tableMax: tableTotalMaxima(rules),
    payTable: rules.payTable,
    maxDifference: rules.maxPlayerBankerDifference,
    roundInShoe,
    // The ledger applies the cut-offs the service does, not its defaults, when a table sets its own.
    sideBetLastRound: { ...rules.sideBetLastRound },
  };
}
