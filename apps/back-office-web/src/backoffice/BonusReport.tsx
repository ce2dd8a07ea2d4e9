import { useTranslation } from 'react-i18next';
import { bonusReportParams, ReportFilters } from '../api/report-filters';
import { ReportsApi } from '../api/reports';
import { formatMoney } from '@packages/wallet/src/money-display';
import { useLoad } from '../ui/use-load';

/**
 * GET /back-office/reports/bonuses (docs/back-office.md#bonus-funds): what operators' players hold in active bonuses
 * now (the bonus liability, with its wagering progress), and grants, conversions, forfeits and expiries by operator
 * and UTC day over the filter's days. The route reads whole UTC days by operator: the bar's time zone, game, table
 * and currency do not apply.
 */
export function BonusReport({ reports, filters }: { reports: ReportsApi; filters: ReportFilters }) {
  const { t, i18n } = useTranslation();
  const params = bonusReportParams(filters);
  const { data, error } = useLoad(() => reports.bonuses(params), [reports, JSON.stringify(params)]);
  const money = (amount: string, currency: string) => formatMoney(amount, currency, i18n.language);
  return (
    <section className="panel report" aria-label={t('reports.bonuses.title')}>
      <h2>{t('reports.bonuses.title')}</h2>
      <p className="hint">{t('reports.bonuses.utc')}</p>
      {error && <p className="error">{t('common.error', { message: error })}</p>}
      {data && (
        <>
          <h3>{t('reports.bonuses.liabilities')}</h3>
          {data.liabilities.length === 0 ? (
            <p className="hint">{t('reports.bonuses.noLiabilities')}</p>
          ) : (
            <table className="grid" data-testid="bonus-liabilities">
              <thead>
                <tr>
                  <th>{t('reports.operator')}</th>
                  <th className="num">{t('reports.bonuses.active')}</th>
                  <th className="num">{t('reports.bonuses.balance')}</th>
                  <th className="num">{t('reports.bonuses.wagered')}</th>
                  <th className="num">{t('reports.bonuses.requirement')}</th>
                </tr>
              </thead>
              <tbody>
                {data.liabilities.map((r) => (
                  <tr key={`${r.operatorId}/${r.currency}`} data-operator={r.operatorId}>
                    <td>{r.operatorId}</td>
                    <td className="num">{r.activeBonuses}</td>
                    <td className="num">{money(r.balance, r.currency)}</td>
                    <td className="num">{money(r.wagered, r.currency)}</td>
                    <td className="num">{money(r.requirement, r.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <h3>{t('reports.bonuses.byDay')}</h3>
          {data.items.length === 0 ? (
            <p className="hint">{t('reports.bonuses.none')}</p>
          ) : (
            <table className="grid" data-testid="bonus-days">
              <thead>
                <tr>
                  <th>{t('reports.bonuses.day')}</th>
                  <th>{t('reports.operator')}</th>
                  <th className="num">{t('reports.bonuses.grants')}</th>
                  <th className="num">{t('reports.bonuses.granted')}</th>
                  <th className="num">{t('reports.bonuses.converted')}</th>
                  <th className="num">{t('reports.bonuses.forfeited')}</th>
                  <th className="num">{t('reports.bonuses.expired')}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((r) => (
                  <tr key={`${r.day}/${r.operatorId}/${r.currency}`} data-day={r.day}>
                    <td>{r.day}</td>
                    <td>{r.operatorId}</td>
                    <td className="num">{r.grants}</td>
                    <td className="num">{money(r.granted, r.currency)}</td>
                    <td className="num">{money(r.converted, r.currency)}</td>
                    <td className="num">{money(r.forfeited, r.currency)}</td>
                    <td className="num">{money(r.expired, r.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
