import { formatMoney } from '@packages/wallet/src/money-display';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchPlayerBonus, PlayerBonus, wageringPercent } from '../net/player-bonus';

/**
 * The player's bonus funds beside the cash balance in the top bar, with the wagering progress of the active bonus
 * (docs/player-client.md). Asked of the lobby service every 10 s, in the lobby and at a table alike; nothing is
 * shown to a player without a bonus balance.
 */
export function BonusBalance({
  token,
  currency,
  locale,
}: {
  token: string;
  currency: string;
  locale: string;
}) {
  const { t } = useTranslation();
  const [bonus, setBonus] = useState<PlayerBonus | null>(null);
  useEffect(() => {
    let alive = true;
    const refresh = () =>
      void fetchPlayerBonus(token).then((b) => {
        if (alive) setBonus(b);
      });
    refresh();
    const timer = setInterval(refresh, 10_000);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [token]);
  if (!bonus || (bonus.balance === '0' && !bonus.wagering)) return null;
  const w = bonus.wagering;
  const percent = w ? wageringPercent(w.wagered, w.requirement) : null;
  return (
    <div className="balance balance--bonus" data-testid="bonus-balance" data-bonus={bonus.balance}>
      <span className="balance__label">{t('app.bonus')}</span>
      <span className="balance__value">{formatMoney(bonus.balance, currency, locale)}</span>
      {w && percent !== null ? (
        <span
          className="balance__wagering"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          title={t('app.wagering', {
            wagered: formatMoney(w.wagered, currency, locale),
            requirement: formatMoney(w.requirement, currency, locale),
          })}
          data-testid="bonus-wagering"
        >
          <span className="balance__wagering-bar" style={{ width: `${percent}%` }} />
          <span className="balance__wagering-text">{t('app.wageringPercent', { percent })}</span>
        </span>
      ) : null}
    </div>
  );
}
