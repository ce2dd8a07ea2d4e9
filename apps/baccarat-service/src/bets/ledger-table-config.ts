import { BaccaratBetType, BaccaratTableRules, tableTotalMaxima } from '@casino/baccarat';
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
    ...(Object.keys(config.vipMax).length > 0 ? { vipMax: { ...config.vipMax } } : {}),
  };
}

/**
 * The rules the table checks a bet with before it goes to the ledger: each type's maximum lifted to its VIP
 * ceiling, since only the ledger knows which players hold a VIP grant (docs/rules/restrictions.md#vip-limits).
 */
export function serviceRules(config: BaccaratTableConfig): BaccaratTableRules {
  const { rules, vipMax } = config;
  if (Object.keys(vipMax).length === 0) return rules;
  const limits = { ...rules.limits };
  for (const [type, ceiling] of Object.entries(vipMax) as [BaccaratBetType, bigint][]) {
    const limit = limits[type];
    if (limit && ceiling > limit.max) limits[type] = { ...limit, max: ceiling };
  }
  return { ...rules, limits };
}
