import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultFilters, ReportFilters } from '../api/report-filters';
import { ReportsApi } from '../api/reports';
import { hashOf } from '../app/route';
import { useApp } from '../app/session';
import { BetSearch } from './BetSearch';
import { BonusReport } from './BonusReport';
import { ConvertedReport } from './ConvertedReport';
import { ReportFilterBar } from './ReportFilterBar';
import { RoundsReport } from './RoundsReport';
import { SummaryReport } from './SummaryReport';
import { TopPlayersReport } from './TopPlayersReport';

// Each tab (#/reports/<tab>) and the permission it needs beside the page's own (reports.financial).
const TABS: [string, string | null][] = [
  ['summary', null],
  ['players', null],
  ['rounds', null],
  ['bets', 'players.read'],
  ['bonuses', null],
  ['converted', null],
];

/**
 * The ledger's reports under one filter bar: summary, top players, voided and disputed rounds, bet search, bonuses
 * and the figures converted into a reporting currency (with the rate form for rates.write).
 */
export function ReportsPage({ tab }: { tab: string }) {
  const { t } = useTranslation();
  const { session } = useApp();
  const reports = useMemo(() => new ReportsApi(session.token), [session.token]);
  const [filters, setFilters] = useState<ReportFilters>(defaultFilters);
  const tabs = TABS.filter(([, need]) => !need || session.permissions.includes(need)).map(([name]) => name);
  const current = tabs.includes(tab) ? tab : 'summary';
  const platformStaff = session.operatorId === null;
  // Keyed by the filters: a new range starts every report on its first page.
  const key = JSON.stringify(filters);
  return (
    <div className="reports">
      <ReportFilterBar value={filters} platformStaff={platformStaff} onApply={setFilters} />
      <nav className="tabs" aria-label={t('nav.reports')}>
        {tabs.map((name) => (
          <a key={name} href={hashOf('reports', name)} className={name === current ? 'active' : ''}>
            {t(`reports.tabs.${name}`)}
          </a>
        ))}
      </nav>
      {current === 'summary' && (
        <SummaryReport key={key} reports={reports} filters={filters} platformStaff={platformStaff} />
      )}
      {current === 'players' && <TopPlayersReport key={key} reports={reports} filters={filters} />}
      {current === 'rounds' && <RoundsReport key={key} reports={reports} filters={filters} />}
      {current === 'bonuses' && <BonusReport key={key} reports={reports} filters={filters} />}
      {current === 'converted' && (
        <ConvertedReport
          key={key}
          reports={reports}
          filters={filters}
          canWriteRates={session.permissions.includes('rates.write')}
        />
      )}
      {current === 'bets' && (
        <BetSearch reports={reports} filters={filters} scopedOperator={session.operatorId} />
      )}
    </div>
  );
}
