import { useTranslation } from 'react-i18next';

/** Rows per page of a report on screen (the CSV export takes every row). */
export const PAGE_SIZE = 50;

/** Previous / next over a report's pages by the API's offsets; nothing when there is a single page. */
export function ReportPager({
  offset,
  count,
  nextOffset,
  onPage,
}: {
  offset: number;
  /** Rows on this page. */
  count: number;
  nextOffset: number | null;
  onPage(offset: number): void;
}) {
  const { t } = useTranslation();
  if (offset === 0 && nextOffset === null) return null;
  return (
    <div className="pager">
      <button type="button" disabled={offset === 0} onClick={() => onPage(Math.max(0, offset - PAGE_SIZE))}>
        {t('reports.previous')}
      </button>
      <span className="hint">{t('reports.rows', { from: offset + 1, to: offset + count })}</span>
      <button
        type="button"
        disabled={nextOffset === null}
        onClick={() => nextOffset !== null && onPage(nextOffset)}
      >
        {t('reports.next')}
      </button>
    </div>
  );
}
