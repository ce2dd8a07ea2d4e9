import { PAYOUT_RATIO } from '@casino/roulette';
import type { TFunction } from 'i18next';
import type { PayRow } from './table-limits';

/** The rules dialog's pay rows: the roulette engine's payouts (docs/rules/roulette.md), not a copy. */
export function roulettePayRows(t: TFunction): PayRow[] {
  return [
    [t('rules.straight'), `${PAYOUT_RATIO.straight}:1`],
    [t('rules.split'), `${PAYOUT_RATIO.split}:1`],
    [t('rules.street'), `${PAYOUT_RATIO.street}:1`],
    [t('rules.corner'), `${PAYOUT_RATIO.corner}:1`],
    [t('rules.sixLine'), `${PAYOUT_RATIO.sixLine}:1`],
    [t('rules.dozenColumn'), `${PAYOUT_RATIO.dozen}:1`],
    [t('rules.evenMoney'), `${PAYOUT_RATIO.red}:1`],
  ];
}
