/** RFC 4180 CSV: a header of `columns`, one line per row; fields quoted when they hold , " or a line break. */
export function toCsv(rows: readonly Record<string, unknown>[], columns: readonly string[]): string {
  const field = (v: unknown) => {
    const s = v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return (
    [columns.join(','), ...rows.map((r) => columns.map((c) => field(r[c])).join(','))].join('\r\n') + '\r\n'
  );
}
