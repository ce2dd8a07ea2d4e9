import { FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { convertedReportParams, ReportFilters } from '../api/report-filters';
import { ReportsApi } from '../api/reports';
import { formatMoney } from '@packages/wallet/src/money-display';
import { useLoad } from '../ui/use-load';
import { RatesForm } from './RatesForm';

const CURRENCY = /^[A-Z]{3}$/;

/**
 * GET /back-office/reports/converted (docs/back-office.md#converted-reports): per UTC day and currency the settled
 * bets in their own currency, the day's rate into the reporting currency and the converted figures, with the
 * converted totals. Days whose currency has no rate are named in a warning: the ledger leaves them out of the
 * totals. Finance staff with rates.write put a day's rates below; the report reloads after.
 */
export function ConvertedReport({
  reports,
  filters,
  canWriteRates,
}: {
  reports: ReportsApi;
  filters: ReportFilters;
  canWriteRates: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [quote, setQuote] = useState('EUR');
  const [typed, setTyped] = useState('EUR');
  const params = convertedReportParams(filters, quote);
  const { data, error, reload } = useLoad(() => reports.converted(params), [reports, JSON.stringify(params)]);
  const money = (amount: string, currency: string) => formatMoney(amount, currency, i18n.language);
  const choose = (e: FormEvent) => {
    e.preventDefault();
    const code = typed.trim().toUpperCase();
    setTyped(code);
    if (CURRENCY.test(code)) setQuote(code);
  };
  const title = t('reports.converted.title', { currency: quote });
  return (
    <>
      <section className="panel report converted" aria-label={title}>
        <div className="row">
          <h2>{title}</h2>
          <form className="toolbar" onSubmit={choose}>
            <label className="narrow">
              {t('reports.converted.in')}
              <input
                name="in"
                value={typed}
                maxLength={3}
                size={4}
                onChange={(e) => setTyped(e.target.value.toUpperCase())}
              />
            </label>
            <button type="submit">{t('reports.converted.show')}</button>
          </form>
        </div>
        {!CURRENCY.test(typed.trim()) && <p className="error">{t('reports.converted.badCurrency')}</p>}
        <p className="hint">{t('reports.converted.utc')}</p>
        {error && <p className="error">{t('common.error', { message: error })}</p>}
        {data && data.missingRates.length > 0 && (
          <div className="warning" role="alert" data-testid="missing-rates">
            <strong>{t('reports.converted.missing', { currency: data.reportingCurrency })}</strong>
            <ul>
              {data.missingRates.map((m) => (
                <li key={m.day} data-day={m.day}>
                  {m.day}: {m.currencies.join(', ')}
                </li>
              ))}
            </ul>
          </div>
        )}
        {data && data.items.length === 0 && <p className="hint">{t('reports.noRows')}</p>}
        {data && data.items.length > 0 && (
          <table className="grid" data-testid="converted-days">
            <thead>
              <tr>
                <th>{t('reports.bonuses.day')}</th>
                <th>{t('reports.currency')}</th>
                <th className="num">{t('reports.bets')}</th>
                <th className="num">{t('reports.turnover')}</th>
                <th className="num">{t('reports.wins')}</th>
                <th className="num">{t('reports.ggr')}</th>
                <th className="num">{t('reports.converted.rate', { currency: data.reportingCurrency })}</th>
                {(['turnover', 'wins', 'ggr'] as const).map((k) => (
                  <th key={k} className="num">
                    {t(`reports.${k}`)} ({data.reportingCurrency})
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.items.map((r) => (
                <tr
                  key={`${r.day}/${r.currency}`}
                  data-day={r.day}
                  data-currency={r.currency}
                  data-rate={r.rate ?? ''}
                  className={r.rate === null ? 'unrated' : undefined}
                >
                  <td>{r.day}</td>
                  <td>{r.currency}</td>
                  <td className="num">{r.bets}</td>
                  <td className="num">{money(r.turnover, r.currency)}</td>
                  <td className="num">{money(r.wins, r.currency)}</td>
                  <td className={`num ${r.ggr.startsWith('-') ? 'loss' : ''}`}>{money(r.ggr, r.currency)}</td>
                  <td className={`num mono ${r.rate === null ? 'missing' : ''}`}>
                    {r.rate ?? t('reports.converted.noRate')}
                  </td>
                  {(['turnover', 'wins', 'ggr'] as const).map((k) => (
                    <td
                      key={k}
                      className={`num ${k === 'ggr' && r.converted?.ggr.startsWith('-') ? 'loss' : ''}`}
                    >
                      {r.converted ? money(r.converted[k], data.reportingCurrency) : '—'}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr data-total={data.reportingCurrency} data-ggr={data.totals.ggr}>
                <th colSpan={7}>
                  {t('reports.converted.total', { currency: data.reportingCurrency })}
                  {data.missingRates.length > 0 && ` ${t('reports.converted.partial')}`}
                </th>
                {(['turnover', 'wins', 'ggr'] as const).map((k) => (
                  <th key={k} className="num">
                    {money(data.totals[k], data.reportingCurrency)}
                  </th>
                ))}
              </tr>
            </tfoot>
          </table>
        )}
      </section>
      {canWriteRates && (
        <RatesForm
          reports={reports}
          quote={quote}
          // The day and currencies a missing rate names first: what finance most likely came to put.
          suggestion={data?.missingRates[0] ?? { day: filters.to, currencies: [] }}
          onSaved={reload}
        />
      )}
    </>
  );
}
