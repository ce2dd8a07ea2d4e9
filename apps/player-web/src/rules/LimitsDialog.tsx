import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@packages/wallet/src/money-display';
import { useApp } from '../context/app-context';
import type { Game } from '../launch/launch';
import { LimitRow, Payout, tableLimits } from './table-limits';

const ROULETTE_INSIDE = ['straight', 'split', 'street', 'corner', 'sixLine'];
/** The limits section's own names of blackjack's stakes and roulette's column and dozen bets. */
const OWN_NAMES: Record<string, string> = {
  main: 'limits.nameMain',
  blackjack: 'limits.nameBlackjack',
  double: 'limits.nameDouble',
  split: 'limits.nameSplit',
  insurance: 'limits.nameInsurance',
  column: 'limits.nameColumn',
  dozen: 'limits.nameDozen',
};

/** The table's limits of every bet and their payouts, from the table's own settings (its join snapshot). */
export function LimitsButton({
  game,
  snapshot,
  currency,
}: {
  game: Game;
  snapshot: Record<string, unknown> | null;
  currency: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn--ghost"
        onClick={() => setOpen(true)}
        data-action="limits"
        disabled={!snapshot}
      >
        {t('limits.open')}
      </button>
      {open ? (
        <div className="dialog-backdrop" role="dialog" aria-modal="true" onClick={() => setOpen(false)}>
          <div className="dialog" onClick={(e) => e.stopPropagation()} data-testid="limits">
            <h2>{t('limits.title', { game: t(`games.${game}`) })}</h2>
            <LimitsTable game={game} snapshot={snapshot} currency={currency} />
            <button type="button" className="btn btn--gold" onClick={() => setOpen(false)}>
              {t('app.close')}
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}

function LimitsTable({
  game,
  snapshot,
  currency,
}: {
  game: Game;
  snapshot: Record<string, unknown> | null;
  currency: string;
}) {
  const { t } = useTranslation();
  const { locale } = useApp();
  const { rows, maxDifference, tableTotals } = tableLimits(game, snapshot);
  const money = (minor: string) => formatMoney(minor, currency, locale);

  const name = (key: string): string => {
    if (game === 'baccarat') return t(`bets.${key}`);
    const own = OWN_NAMES[key];
    if (own && (game === 'blackjack' || key === 'column' || key === 'dozen')) return t(own);
    if (ROULETTE_INSIDE.includes(key)) return t(`rules.${key}`);
    return t(`roulette.${key}`);
  };
  const pays = (p: Payout): string => {
    switch (p.kind) {
      case 'ratio':
        return p.text;
      case 'bankerOnSix':
        return t('limits.bankerOnSix', { pays: p.pays, six: p.six });
      case 'luckySix':
        return t('limits.luckySix', { two: p.two, three: p.three });
      case 'none':
        return '—';
    }
  };
  const range = (row: LimitRow) => {
    if (!row.range) return <td colSpan={2}>—</td>;
    if (row.range.kind !== 'range') return <td colSpan={2}>{t(`limits.${row.range.kind}`)}</td>;
    return (
      <>
        <td>{money(row.range.min)}</td>
        <td>{money(row.range.max)}</td>
      </>
    );
  };

  return (
    <>
      <table className="paytable paytable--limits">
        <thead>
          <tr>
            <th>{t('limits.bet')}</th>
            <th>{t('limits.min')}</th>
            <th>{t('limits.max')}</th>
            <th>{t('limits.pays')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.key}
              data-limit={row.key}
              data-min={row.range?.kind === 'range' ? row.range.min : undefined}
              data-max={row.range?.kind === 'range' ? row.range.max : undefined}
            >
              <td>{name(row.key)}</td>
              {range(row)}
              <td dir="ltr" data-pays>
                {pays(row.payout)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {maxDifference ? (
        <p data-testid="max-difference">{t('limits.maxDifference', { amount: money(maxDifference) })}</p>
      ) : null}
      {tableTotals ? <p>{t('limits.tableTotals')}</p> : null}
    </>
  );
}
