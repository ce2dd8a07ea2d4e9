import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterParams, ReportFilters } from '../api/report-filters';
import { ReportPage, ReportsApi, RoundRow } from '../api/reports';
import { hashOf } from '../app/route';
import { formatDateTime } from '../format/date-time';
import { formatMoney } from '@packages/wallet/src/money-display';
import { ExportCsvButton } from './ExportCsvButton';
import { PagedRows, usePagedReport } from './ReportPager';

type Status = '' | 'voided' | 'disputed';

/** GET /back-office/reports/rounds: voided and disputed rounds opened in the range; each links to its recall. */
export function RoundsReport({ reports, filters }: { reports: ReportsApi; filters: ReportFilters }) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<Status>('');
  const params: Record<string, string> = { ...filterParams(filters), ...(status ? { status } : {}) };
  const { load, offset, setOffset } = usePagedReport<ReportPage<RoundRow>>(reports, 'reports/rounds', params);
  return (
    <section className="panel report" aria-label={t('reports.rounds.title')}>
      <div className="row">
        <h2>{t('reports.rounds.title')}</h2>
        <label>
          {t('reports.rounds.status')}
          <select
            name="status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as Status);
              setOffset(0);
            }}
          >
            <option value="">{t('reports.rounds.both')}</option>
            <option value="voided">{t('reports.rounds.voided')}</option>
            <option value="disputed">{t('reports.rounds.disputed')}</option>
          </select>
        </label>
        <ExportCsvButton
          filename={`rounds-${filters.from}-${filters.to}.csv`}
          exportCsv={() => reports.csv('reports/rounds', { ...params, limit: '10000' })}
        />
      </div>
      <PagedRows load={load} offset={offset} onPage={setOffset} empty={t('reports.rounds.none')}>
        {(items) => (
          <table className="grid">
            <thead>
              <tr>
                <th>{t('round.round')}</th>
                <th>{t('reports.game')}</th>
                <th>{t('round.status')}</th>
                <th>{t('reports.rounds.why')}</th>
                <th className="num">{t('round.bets')}</th>
                <th className="num">{t('round.staked')}</th>
                <th>{t('reports.rounds.opened', { tz: filters.tz })}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((r) => (
                <tr key={`${r.tableId}/${r.roundId}`} data-round={r.roundId} data-status={r.status}>
                  <td>
                    <a href={hashOf('rounds', r.tableId, r.roundId)}>
                      {r.tableId} · {r.roundId}
                    </a>
                  </td>
                  <td>{r.game}</td>
                  <td>
                    <span className={`badge badge--${r.status}`}>{r.status}</span>
                  </td>
                  <td className="problem">
                    {r.voidReason && <div>{r.voidReason}</div>}
                    {r.problem && <div className="small">{r.problem}</div>}
                    {!r.voidReason && !r.problem && '—'}
                  </td>
                  <td className="num">{r.betCount}</td>
                  <td className="num">{formatMoney(r.totalStaked, r.currency, i18n.language)}</td>
                  <td>{formatDateTime(r.openedAt, i18n.language, filters.tz)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </PagedRows>
    </section>
  );
}
