import { FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterParams, ReportFilters } from '../api/report-filters';
import { BetRow, ReportPage, ReportsApi } from '../api/reports';
import { hashOf } from '../app/route';
import { formatDateTime } from '../format/date-time';
import { formatMoney } from '@packages/wallet/src/money-display';
import { ExportCsvButton } from './ExportCsvButton';
import { PagedRows, usePagedReport } from './ReportPager';

type Search = { bet: string; operator: string; player: string; table: string; round: string };
const EMPTY: Search = { bet: '', operator: '', player: '', table: '', round: '' };

/**
 * GET /back-office/bets: by bet id (any date), or operator + player, or table (and round) within the filter
 * bar's days — the three searches the ledger has an index for. An operator's staff search their operator.
 */
export function BetSearch({
  reports,
  filters,
  scopedOperator,
}: {
  reports: ReportsApi;
  filters: ReportFilters;
  /** The operator of an operator's staff member; null for platform staff. */
  scopedOperator: string | null;
}) {
  const { t, i18n } = useTranslation();
  const [form, setForm] = useState<Search>({ ...EMPTY, operator: scopedOperator ?? '' });
  const [search, setSearch] = useState<Record<string, string> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { load, offset, setOffset } = usePagedReport<ReportPage<BetRow>>(reports, 'bets', search);
  const set = (key: keyof Search) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const f = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v.trim()])) as Search;
    if (!f.bet && !(f.operator && f.player) && !f.table) return setProblem(t('reports.betSearch.needs'));
    setProblem(null);
    // A bet id finds the bet whatever its date; the other searches stay within the chosen days.
    const { from, to, tz } = filterParams(filters);
    const query: Record<string, string> = f.bet ? { bet: f.bet } : { from, to, tz };
    for (const key of ['operator', 'player', 'table', 'round'] as const) if (f[key]) query[key] = f[key];
    setOffset(0);
    setSearch(query);
  };
  return (
    <section className="panel report" aria-label={t('reports.betSearch.title')}>
      <div className="row">
        <h2>{t('reports.betSearch.title')}</h2>
        {search && (
          <ExportCsvButton
            filename="bets.csv"
            exportCsv={() => reports.csv('bets', { ...search, limit: '10000' })}
          />
        )}
      </div>
      <form className="toolbar subbar" onSubmit={submit}>
        <label>
          {t('reports.betSearch.bet')}
          <input name="bet" value={form.bet} maxLength={200} onChange={set('bet')} />
        </label>
        <span className="or">{t('reports.betSearch.or')}</span>
        {scopedOperator === null && (
          <label>
            {t('player.operator')}
            <input name="operator" value={form.operator} maxLength={100} onChange={set('operator')} />
          </label>
        )}
        <label>
          {t('player.player')}
          <input name="player" value={form.player} maxLength={200} onChange={set('player')} />
        </label>
        <span className="or">{t('reports.betSearch.or')}</span>
        <label>
          {t('round.table')}
          <input name="table" value={form.table} maxLength={64} onChange={set('table')} />
        </label>
        <label>
          {t('reports.betSearch.roundOptional')}
          <input name="round" value={form.round} maxLength={200} onChange={set('round')} />
        </label>
        <button type="submit">{t('reports.betSearch.search')}</button>
      </form>
      <p className="hint">{t('reports.betSearch.hint')}</p>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      <PagedRows load={load} offset={offset} onPage={setOffset} empty={t('reports.betSearch.none')}>
        {(items) => (
          <table className="grid">
            <thead>
              <tr>
                <th>{t('reports.betSearch.bet')}</th>
                <th>{t('reports.betSearch.accepted', { tz: filters.tz })}</th>
                <th>{t('player.player')}</th>
                <th>{t('round.round')}</th>
                <th>{t('round.bet')}</th>
                <th className="num">{t('round.stake')}</th>
                <th>{t('round.status')}</th>
                <th className="num">{t('round.returned')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((b) => (
                <tr key={b.betId} data-bet={b.betId}>
                  <td className="mono">{b.betId}</td>
                  <td>{formatDateTime(b.acceptedAt, i18n.language, filters.tz)}</td>
                  <td>
                    <a href={hashOf('players', b.operatorId, b.playerId)}>
                      {b.playerId} <span className="hint">· {b.operatorId}</span>
                    </a>
                  </td>
                  <td>
                    <a href={hashOf('rounds', b.tableId, b.roundId)}>
                      {b.tableId} · {b.roundId}
                    </a>
                  </td>
                  <td>{b.betKind}</td>
                  <td className="num">{formatMoney(b.stake, b.currency, i18n.language)}</td>
                  <td>
                    <span className={`badge badge--${b.status}`}>{b.status}</span>
                  </td>
                  <td className="num">
                    {b.returned === null ? '—' : formatMoney(b.returned, b.currency, i18n.language)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </PagedRows>
    </section>
  );
}
