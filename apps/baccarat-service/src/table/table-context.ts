import { TableConfig } from '@casino/events';
import { TableStepContext } from '@casino/table-kit';
import { BaccaratTableConfig } from '../config/baccarat-config';
import { BaccaratInput } from './baccarat-table.state';

export type TableContext = TableStepContext<BaccaratTableConfig, BaccaratInput>;

/** The table's settings as the ledger needs them, snapshotted into RoundOpened. */
export function ledgerTableConfig(config: BaccaratTableConfig, roundInShoe: number): TableConfig {
  const { rules } = config;
  const limits: Record<string, { min: bigint; max: bigint }> = {};
  const tableMax: Record<string, bigint> = {};
  for (const type of rules.betTypes) {
    const limit = rules.limits[type];
    if (!limit) continue;
    limits[type] = { min: limit.min, max: limit.max };
    // Tie and side-bet maxima apply to the table as a whole (rules/baccarat.md, Limits).
    if (type !== 'player' && type !== 'banker') tableMax[type] = limit.max;
  }
  return {
    game: 'baccarat',
    limits,
    tableMax,
    payTable: rules.payTable,
    maxDifference: rules.maxPlayerBankerDifference,
    roundInShoe,
  };
}
