import { BaccaratBetType, BaccaratTableRules, tableTotalMaxima } from '@casino/baccarat';
import { LimitProfile, TableConfig } from '@casino/events';
import { ledgerCurrencies, otherCurrencyProfile } from '@casino/table-kit/config';
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
    ...(Object.keys(config.vipMax).length > 0 ? { vipMax: { ...config.vipMax } } : {}),
    ...ledgerCurrencies(config),
  };
}

/**
 * The rules the table checks a bet with before it goes to the ledger: each type's maximum lifted to its VIP
 * ceiling, since only the ledger knows which players hold a VIP grant (docs/rules/restrictions.md#vip-limits).
 * A player of another currency the table takes is checked against that currency's profile: its limits (a type
 * without one is not offered in it), VIP ceilings and maximum difference (docs/ledger.md#currencies-per-table).
 */
export function serviceRules(config: BaccaratTableConfig, currency?: string): BaccaratTableRules {
  const profile = otherCurrencyProfile(config, currency);
  const rules = profile ? rulesIn(config.rules, profile) : config.rules;
  const vipMax = (profile ? (profile.vipMax ?? {}) : config.vipMax) as Partial<
    Record<BaccaratBetType, bigint>
  >;
  if (Object.keys(vipMax).length === 0) return rules;
  const limits = { ...rules.limits };
  for (const [type, ceiling] of Object.entries(vipMax) as [BaccaratBetType, bigint][]) {
    const limit = limits[type];
    if (limit && ceiling !== undefined && ceiling > limit.max) limits[type] = { ...limit, max: ceiling };
  }
  return { ...rules, limits };
}

/** The table's rules with another currency's limits. */
export function rulesIn(rules: BaccaratTableRules, profile: LimitProfile): BaccaratTableRules {
  const limits: Partial<Record<BaccaratBetType, { min: bigint; max: bigint }>> = {};
  for (const type of rules.betTypes) {
    const limit = profile.limits[type];
    if (limit) limits[type] = { min: limit.min, max: limit.max };
  }
  // The maximum difference is the ledger's to hold (the profile's, in that currency): the table view shows it.
  return { ...rules, betTypes: rules.betTypes.filter((t) => limits[t] !== undefined), limits };
}
