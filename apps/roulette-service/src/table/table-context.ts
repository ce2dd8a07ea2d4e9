import { ROULETTE_BET_TYPES, RouletteTableLimits } from '@casino/roulette';
import { LimitProfile, MAX_MINOR_UNITS, TableConfig } from '@casino/events';
import { TableStepContext } from '@casino/table-kit/core';
import { ledgerCurrencies, otherCurrencyProfile } from '@casino/table-kit/config';
import { RouletteTableConfig } from '../config/roulette-config';
import { RouletteInput } from './roulette-table.state';

export type TableContext = TableStepContext<RouletteTableConfig, RouletteInput>;

/** The table's limits as the ledger needs them, snapshotted into RoundOpened. */
export function ledgerTableConfig(config: RouletteTableConfig): TableConfig {
  const limits: Record<string, { min: bigint; max: bigint }> = {};
  for (const type of ROULETTE_BET_TYPES)
    limits[type] = { min: config.limits[type].min, max: config.limits[type].max };
  const vipMax = Object.keys(config.vipMax).length > 0 ? { vipMax: { ...config.vipMax } } : {};
  return { game: 'roulette', limits, tableMax: {}, ...vipMax, ...ledgerCurrencies(config) };
}

/**
 * The limits the table checks before a bet goes to the ledger: each type's maximum lifted to its VIP ceiling, since
 * only the ledger knows which players hold a VIP grant and decides the rest (docs/rules/restrictions.md#vip-limits).
 * A player of another currency the table takes is held to that currency's profile (docs/ledger.md#currencies-per-table).
 */
export function serviceLimits(config: RouletteTableConfig, currency?: string): RouletteTableLimits {
  const profile = otherCurrencyProfile(config, currency);
  const out: Record<string, { min: bigint; max: bigint }> = profile
    ? { ...limitsIn(profile) }
    : { ...config.limits };
  const vipMax: Partial<Record<string, bigint>> = profile ? (profile.vipMax ?? {}) : config.vipMax;
  for (const type of ROULETTE_BET_TYPES) {
    const ceiling = vipMax[type];
    if (ceiling !== undefined && ceiling > out[type].max) out[type] = { ...out[type], max: ceiling };
  }
  return out as RouletteTableLimits;
}

/** A bet type another currency's profile does not list is not offered in it: no stake fits. */
const NOT_OFFERED = { min: MAX_MINOR_UNITS, max: 0n };

/** Another currency's limits per bet type. */
export function limitsIn(profile: LimitProfile): RouletteTableLimits {
  return Object.fromEntries(
    ROULETTE_BET_TYPES.map((type) => [type, profile.limits[type] ?? NOT_OFFERED]),
  ) as RouletteTableLimits;
}
