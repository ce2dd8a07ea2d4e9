import { ROULETTE_BET_TYPES, RouletteTableLimits } from '@casino/roulette';
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
  const vipMax = Object.keys(config.vipMax).length > 0 ? { vipMax: { ...config.vipMax } } : {};
  return { game: 'roulette', limits, tableMax: {}, ...vipMax };
}

/**
 * The limits the table checks before a bet goes to the ledger: each type's maximum lifted to its VIP ceiling, since
 * only the ledger knows which players hold a VIP grant and decides the rest (docs/rules/restrictions.md#vip-limits).
 */
export function serviceLimits(config: RouletteTableConfig): RouletteTableLimits {
  const out = { ...config.limits };
  for (const type of ROULETTE_BET_TYPES) {
    const ceiling = config.vipMax[type];
    if (ceiling !== undefined && ceiling > out[type].max) out[type] = { ...out[type], max: ceiling };
  }
  return out;
}
