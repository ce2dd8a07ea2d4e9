import { useTranslation } from 'react-i18next';
import { ReportFigures } from '../api/reports';
import { formatMoney } from '@packages/wallet/src/money-display';
import { formatRatio } from './format-ratio';

/** The headings of the figure columns, in FigureCells' order. */
export function FigureHeadings() {
  const { t } = useTranslation();
  return (
    <>
      <th>{t('reports.currency')}</th>
      <th className="num">{t('reports.bets')}</th>
      <th className="num">{t('reports.turnover')}</th>
      <th className="num">{t('reports.wins')}</th>
      <th className="num">{t('reports.ggr')}</th>
      <th className="num">{t('reports.margin')}</th>
    </>
  );
}

/** A row's figures; a negative GGR (the house lost) is marked. */
export function FigureCells({ row }: { row: ReportFigures }) {
  const { i18n } = useTranslation();
  const money = (v: string) => formatMoney(v, row.currency, i18n.language);
  return (
    <>
      <td>{row.currency}</td>
      <td className="num">{row.bets}</td>
      <td className="num">{money(row.turnover)}</td>
      <td className="num">{money(row.wins)}</td>
      <td className={`num ${row.ggr.startsWith('-') ? 'loss' : ''}`}>{money(row.ggr)}</td>
      <td className="num">{formatRatio(row.margin, i18n.language)}</td>
    </>
  );
}
