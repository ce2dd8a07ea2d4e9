import { BACCARAT_BET_TYPES } from '@casino/baccarat';
import type { TFunction } from 'i18next';
import { baccaratPayout as payoutOf, type PayRow } from './table-limits';

/**
 * A baccarat bet's payout as one short text, from the engine's pay table for the table's variant
 * (docs/rules/baccarat.md#bets-and-payouts): "0.95:1", "1:1 · 6 → 1:2", "12:1 / 20:1".
 */
export function baccaratPayout(type: string, variant: string): string {
  const payout = payoutOf(type, variant);
  switch (payout.kind) {
    case 'ratio':
      return payout.text;
    case 'bankerOnSix':
      return `${payout.pays} · 6 → ${payout.six}`;
    case 'luckySix':
      return `${payout.two} / ${payout.three}`;
    case 'none':
      return '';
  }
}

/** The rules dialog's pay rows: every bet of the engine, with its pay table's line. */
export function baccaratPayRows(t: TFunction, payTable: string): PayRow[] {
  return BACCARAT_BET_TYPES.map((b) => [t(`bets.${b}`), baccaratPayout(b, payTable)] as const);
}
