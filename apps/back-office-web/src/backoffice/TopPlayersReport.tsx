import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterParams, ReportFilters } from '../api/report-filters';
import { PlayerRow, ReportPage, ReportsApi } from '../api/reports';
import { hashOf } from '../app/route';
import { ExportCsvButton } from './ExportCsvButton';
import { FigureCells, FigureHeadings } from './ReportFigures';
import { PagedRows, usePagedReport } from './ReportPager';

type Sort = 'ggr' | 'turnover' | 'bets';

/** GET /back-office/reports/players: players by GGR, turnover or bets; each links to the player's page. */
export function TopPlayersReport({ reports, filters }: { reports: ReportsApi; filters: ReportFilters }) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<Sort>('ggr');
  // The player rollup has no table: the ledger ignores that filter here.
  const params = { ...filterParams({ ...filters, table: '' }), sort };
  const { load, offset, setOffset } = usePagedReport<ReportPage<PlayerRow>>(
    reports,
    'reports/players',
    params,
  );
  return (
    <section className="panel report" aria-label={t('reports.players.title')}>
      <div className="row">
        <h2>{t('reports.players.title')}</h2>
        <label>
          {t('reports.players.sort')}
          <select
            name="sort"
            value={sort}
            onChange={(e) => {
              setSort(e.target.value as Sort);
              setOffset(0);
            }}
          >
            <option value="ggr">{t('reports.ggr')}</option>
            <option value="turnover">{t('reports.turnover')}</option>
            <option value="bets">{t('reports.bets')}</option>
          </select>
        </label>
        <ExportCsvButton
          filename={`top-players-${filters.from}-${filters.to}.csv`}
          exportCsv={() => reports.csv('reports/players', { ...params, limit: '10000' })}
        />
      </div>
      <p className="hint">{t('reports.utcDays')}</p>
      <PagedRows load={load} offset={offset} onPage={setOffset} empty={t('reports.noRows')}>
        {(items) => (
          <table className="grid">
            <thead>
              <tr>
                <th className="num">#</th>
                <th>{t('reports.players.player')}</th>
                <FigureHeadings />
              </tr>
            </thead>
            <tbody>
              {items.map((p, i) => (
                <tr
                  key={`${p.operatorId}/${p.playerId}/${p.currency}`}
                  data-player={p.playerId}
                  data-ggr={p.ggr}
                >
                  <td className="num">{offset + i + 1}</td>
                  <td>
                    <a href={hashOf('players', p.operatorId, p.playerId)}>
                      {p.playerId} <span className="hint">· {p.operatorId}</span>
                    </a>
                  </td>
                  <FigureCells row={p} />
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </PagedRows>
    </section>
  );
}
