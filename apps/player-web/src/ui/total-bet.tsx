import { useTranslation } from 'react-i18next';
import { formatMoney } from '@packages/wallet/src/money-display';

/** The player's total stake on the layout. */
export function TotalBet({ total, currency, locale }: { total: bigint; currency: string; locale: string }) {
  const { t } = useTranslation();
  return (
    <div className="total-bet" data-testid="total-bet">
      <span>{t('controls.totalBet')}</span>
      <b>{formatMoney(total, currency, locale)}</b>
    </div>
  );
}
