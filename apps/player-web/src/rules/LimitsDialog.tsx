import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@packages/wallet/src/money-display';
import { useApp } from '../context/app-context';
import type { GameId } from '@casino/games';
import { gameName } from '../games/clients';
import type { LimitRow, Payout, TableLimits } from './table-limits';

/** The table's limits of every bet and their payouts, from the table's own settings (its join snapshot). */
export function LimitsButton({
  game,
  limits,
  currency,
}: {
  game: GameId;
  /** The table's limits from its snapshot (its game's function of table-limits); null before the snapshot. */
  limits: TableLimits | null;
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
        disabled={!limits}
      >
        {t('limits.open')}
      </button>
      {open ? (
        <div className="dialog-backdrop" role="dialog" aria-modal="true" onClick={() => setOpen(false)}>
          <div className="dialog" onClick={(e) => e.stopPropagation()} data-testid="limits">
            <h2>{t('limits.title', { game: gameName(t, game) })}</h2>
            {limits ? <LimitsTable limits={limits} currency={currency} /> : null}
            <button type="button" className="btn btn--gold" onClick={() => setOpen(false)}>
              {t('app.close')}
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}

function LimitsTable({ limits, currency }: { limits: TableLimits; currency: string }) {
  const { t } = useTranslation();
  const { locale } = useApp();
  const { rows, maxDifference, tableTotals } = limits;
  const money = (minor: string) => formatMoney(minor, currency, locale);

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
              <td>{row.label ?? t(row.name, { defaultValue: row.key })}</td>
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
