import { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Summary } from '../api/reports';
import { formatMoney } from '@packages/wallet/src/money-display';
import { ExportCsvButton } from './ExportCsvButton';
import { formatRatio } from './format-ratio';
import { FigureCells, FigureHeadings } from './ReportFigures';

/**
 * A summary report (turnover, bets, wins, GGR, margin) per period and/or group, with the ledger's totals per
 * currency; Export saves the ledger's CSV of the same request.
 */
export function ReportTable({
  summary,
  title,
  filename,
  exportCsv,
  groupLabel,
  renderGroup = (group) => group,
  controls,
  footer,
}: {
  summary: Summary;
  title: string;
  filename: string;
  exportCsv(): Promise<string>;
  /** The group column's heading; no group column without it. */
  groupLabel?: string;
  renderGroup?(group: string): ReactNode;
  /** Beside the title: the report's own choices (grouping, period). */
  controls?: ReactNode;
  /** Below the table: the pager. */
  footer?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const money = (v: string, c: string) => formatMoney(v, c, i18n.language);
  // A summary grouped by none has no period: its column would be empty.
  const byPeriod = summary.items.some((r) => r.period !== null);
  const labels = (byPeriod ? 1 : 0) + (groupLabel ? 1 : 0);
  return (
    <section className="panel report" aria-label={title}>
      <div className="row">
        <h2>{title}</h2>
        {controls}
        <ExportCsvButton filename={filename} exportCsv={exportCsv} />
      </div>
      {summary.items.length === 0 && <p className="hint">{t('reports.noRows')}</p>}
      <table className="grid">
        <thead>
          <tr>
            {byPeriod && <th>{t('reports.day')}</th>}
            {groupLabel && <th>{groupLabel}</th>}
            <FigureHeadings />
          </tr>
        </thead>
        <tbody>
          {summary.items.map((r) => (
            <tr
              key={`${r.period ?? ''}-${r.currency}-${r.group ?? ''}`}
              data-period={r.period ?? undefined}
              data-group={r.group ?? undefined}
              data-ggr={r.ggr}
            >
              {byPeriod && <td>{r.period}</td>}
              {groupLabel && <td>{r.group === null ? '—' : renderGroup(r.group)}</td>}
              <FigureCells row={r} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          {summary.totals.map((s) => (
            <tr key={s.currency} data-total={s.currency} data-ggr={s.ggr}>
              <th colSpan={Math.max(labels, 1)}>{t('reports.total')}</th>
              <th>{s.currency}</th>
              <th className="num">{s.bets}</th>
              <th className="num">{money(s.turnover, s.currency)}</th>
              <th className="num">{money(s.wins, s.currency)}</th>
              <th className="num">{money(s.ggr, s.currency)}</th>
              <th className="num">{formatRatio(s.margin, i18n.language)}</th>
            </tr>
          ))}
        </tfoot>
      </table>
      {footer}
    </section>
  );
}
