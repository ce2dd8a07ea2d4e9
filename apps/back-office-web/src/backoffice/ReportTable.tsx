import { describeError } from '../ui/use-load';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportsApi, Summary, Window } from '../api/reports';
import { formatMoney } from '../format/money';
import { downloadCsv } from '../ui/csv';

/** The daily summary (turnover, bets, wins, GGR, margin) with the ledger's totals; Export saves the ledger's CSV. */
export function ReportTable({
  summary,
  reports,
  window,
}: {
  summary: Summary;
  reports: ReportsApi;
  window: Window;
}) {
  const { t, i18n } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const money = (v: string, c: string) => formatMoney(v, c, i18n.language);
  const exportCsv = async () => {
    try {
      downloadCsv(`summary-${window.from}-${window.to}.csv`, await reports.summaryCsv(window));
    } catch (err) {
      setError(describeError(err));
    }
  };
  return (
    <section className="panel report" aria-label={t('reports.title')}>
      <div className="row">
        <h2>{t('reports.title')}</h2>
        <button onClick={() => void exportCsv()}>{t('reports.export')}</button>
      </div>
      {error && <p className="error">{error}</p>}
      <table className="grid">
        <thead>
          <tr>
            <th>{t('reports.day')}</th>
            <th>{t('reports.currency')}</th>
            <th className="num">{t('reports.bets')}</th>
            <th className="num">{t('reports.turnover')}</th>
            <th className="num">{t('reports.wins')}</th>
            <th className="num">{t('reports.ggr')}</th>
            <th className="num">{t('reports.margin')}</th>
          </tr>
        </thead>
        <tbody>
          {summary.items.map((r) => (
            <tr key={`${r.period}-${r.currency}-${r.group ?? ''}`} data-period={r.period}>
              <td>{r.period}</td>
              <td>{r.currency}</td>
              <td className="num">{r.bets}</td>
              <td className="num">{money(r.turnover, r.currency)}</td>
              <td className="num">{money(r.wins, r.currency)}</td>
              <td className="num">{money(r.ggr, r.currency)}</td>
              <td className="num">{percent(r.margin, i18n.language)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {summary.totals.map((s) => (
            <tr key={s.currency} data-total={s.currency} data-ggr={s.ggr}>
              <th>{t('reports.total')}</th>
              <th>{s.currency}</th>
              <th className="num">{s.bets}</th>
              <th className="num">{money(s.turnover, s.currency)}</th>
              <th className="num">{money(s.wins, s.currency)}</th>
              <th className="num">{money(s.ggr, s.currency)}</th>
              <th className="num">{percent(s.margin, i18n.language)}</th>
            </tr>
          ))}
        </tfoot>
      </table>
    </section>
  );
}

/** A ratio for display (margin is a number in the API: never used for money). */
function percent(ratio: number | null, locale: string): string {
  if (ratio === null || !Number.isFinite(ratio)) return '—';
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(ratio);
}
