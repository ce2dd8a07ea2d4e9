import { ROULETTE_BET_TYPES } from '@casino/roulette';
import { TableConfig } from '@casino/events';
import { TableStepContext } from '@casino/table-kit';
import { RouletteTableConfig } from '../config/roulette-config';
import { RouletteInput } from './roulette-table.state';

export type TableContext = TableStepContext<RouletteTableConfig, RouletteInput>;

/** The table's limits as the ledger needs them, snapshotted into RoundOpened. */
export function ledgerTableConfig(config: RouletteTableConfig): TableConfig {
  const limits: Record<string, { min: bigint; max: bigint }> = {};
  for (const type of ROULETTE_BET_TYPES)
    limits[type] = { min: config.limits[type].min, max: config.limits[type].max };
  return { game: 'roulette', limits, tableMax: {} };
}
