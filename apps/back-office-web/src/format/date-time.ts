/** An ISO-8601 instant as a date and time in `tz` (a report's own zone, not the browser's): "23/11/2026, 14:05:09". */
export function formatDateTime(iso: string | null, locale: string, tz: string): string {
  if (!iso) return '—';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return at.toLocaleString(locale, { timeZone: tz, dateStyle: 'short', timeStyle: 'medium' });
}
