import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterParams, ReportFilters } from '../api/report-filters';
import { ReportsApi, Summary } from '../api/reports';
import { hashOf } from '../app/route';
import { ReportPager, usePagedReport } from './ReportPager';
import { ReportTable } from './ReportTable';

export type SummaryBy = 'game' | 'table' | 'operator' | 'player' | 'none';
const BY: SummaryBy[] = ['game', 'table', 'operator', 'player', 'none'];

/** GET /back-office/reports/summary by game, table, operator or player, per day or over the whole range. */
export function SummaryReport({
  reports,
  filters,
  platformStaff,
}: {
  reports: ReportsApi;
  filters: ReportFilters;
  platformStaff: boolean;
}) {
  const { t } = useTranslation();
  const [by, setBy] = useState<SummaryBy>('game');
  const [groupBy, setGroupBy] = useState<'none' | 'day'>('none');
  const params = { ...filterParams(filters), by, groupBy };
  const { load, offset, setOffset } = usePagedReport<Summary>(reports, 'reports/summary', params);
  // An operator's staff see their own operator only: grouping by operator tells them nothing.
  const choices = platformStaff ? BY : BY.filter((b) => b !== 'operator');
  const controls = (
    <>
      <label>
        {t('reports.summary.by')}
        <select
          name="by"
          value={by}
          onChange={(e) => {
            setBy(e.target.value as SummaryBy);
            setOffset(0);
          }}
        >
          {choices.map((b) => (
            <option key={b} value={b}>
              {t(`reports.summary.by_${b}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('reports.summary.groupBy')}
        <select
          name="groupBy"
          value={groupBy}
          onChange={(e) => {
            setGroupBy(e.target.value as 'none' | 'day');
            setOffset(0);
          }}
        >
          <option value="none">{t('reports.summary.wholeRange')}</option>
          <option value="day">{t('reports.summary.perDay')}</option>
        </select>
      </label>
    </>
  );
  return (
    <>
      {by === 'player' && <p className="hint">{t('reports.utcDays')}</p>}
      {load.error && (
        // The choices stay on screen so a refused combination (by player with a table) can be changed back.
        <section className="panel report">
          <div className="row">{controls}</div>
          <p className="error">{t('common.error', { message: load.error })}</p>
        </section>
      )}
      {load.data && (
        <ReportTable
          summary={load.data}
          title={t('reports.summary.title', { by: t(`reports.summary.by_${by}`) })}
          filename={`summary-by-${by}-${filters.from}-${filters.to}.csv`}
          // Every row of the range, not only this page: the ledger's maximum page.
          exportCsv={() => reports.csv('reports/summary', { ...params, limit: '10000' })}
          groupLabel={by === 'none' ? undefined : t(`reports.summary.column_${by}`)}
          renderGroup={by === 'player' ? playerLink : undefined}
          controls={controls}
          footer={
            <ReportPager
              offset={offset}
              count={load.data.items.length}
              nextOffset={load.data.nextOffset}
              onPage={setOffset}
            />
          }
        />
      )}
    </>
  );
}

/** by=player groups are "<operatorId>/<playerId>": a link to the player's page. */
function playerLink(group: string) {
  const slash = group.indexOf('/');
  if (slash < 0) return group;
  return <a href={hashOf('players', group.slice(0, slash), group.slice(slash + 1))}>{group}</a>;
}
