import { BetSpec, TableConfig } from '@casino/events';
import { maxReturnRatio } from '@casino/games';

/**
 * The most a bet can return (stake included) by the rules of its game at its table, rounded up: what the ledger
 * checks against the wallet's balance ceiling when the bet is placed (docs/ledger.md#balance-ceiling). Each
 * game's definition gives its largest return per unit staked.
 */
export function maxReturnOf(spec: BetSpec, stake: bigint, config: TableConfig): bigint {
  const r = maxReturnRatio(spec, config);
  return (stake * r.num + r.den - 1n) / r.den;
}
