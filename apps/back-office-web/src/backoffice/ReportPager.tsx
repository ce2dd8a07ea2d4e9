import { ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportPage, ReportRoute, ReportsApi } from '../api/reports';
import { useLoad } from '../ui/use-load';

/** Rows per page of a report on screen (the CSV export takes every row). */
export const PAGE_SIZE = 50;

type Paged = { items: unknown[]; nextOffset: number | null };

/**
 * A report route one page at a time: loaded again when `params` or the offset change; `params` null asks nothing
 * (a search not yet run). A caller that changes its own choices goes back to the first page with `setOffset(0)`.
 */
export function usePagedReport<P extends Paged>(
  reports: ReportsApi,
  route: ReportRoute,
  params: Record<string, string> | null,
) {
  const [offset, setOffset] = useState(0);
  const load = useLoad(
    async () =>
      params ? reports.page<P>(route, { ...params, limit: String(PAGE_SIZE), offset: String(offset) }) : null,
    [reports, route, JSON.stringify(params), offset],
  );
  return { load, offset, setOffset };
}

/** A paged report's rows (`children`), or its error or `empty` message, then the pager. */
export function PagedRows<T>({
  load,
  offset,
  onPage,
  empty,
  children,
}: {
  load: { data: ReportPage<T> | null; error: string | null };
  offset: number;
  onPage(offset: number): void;
  empty: string;
  children(items: T[]): ReactNode;
}) {
  const { t } = useTranslation();
  const { data, error } = load;
  return (
    <>
      {error && <p className="error">{t('common.error', { message: error })}</p>}
      {data?.items.length === 0 && <p className="hint">{empty}</p>}
      {data && data.items.length > 0 && children(data.items)}
      {data && (
        <ReportPager offset={offset} count={data.items.length} nextOffset={data.nextOffset} onPage={onPage} />
      )}
    </>
  );
}

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
