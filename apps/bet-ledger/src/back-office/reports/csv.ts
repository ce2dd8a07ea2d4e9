/** A text a spreadsheet would run as a formula (OWASP "CSV injection"); plain numbers such as -400 are data. */
const FORMULA = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * RFC 4180 CSV: a header of `columns`, one line per row; fields quoted when they hold , " or a line break. A
 * text field that starts like a formula (an operator's player id "=HYPERLINK(…)") gets a leading apostrophe, so a
 * finance user opening the export runs nothing.
 */
export function toCsv(rows: readonly Record<string, unknown>[], columns: readonly string[]): string {
  const field = (v: unknown) => {
    const raw = v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
    const s = FORMULA.test(raw) && !NUMBER.test(raw) ? `'${raw}` : raw;
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return (
    [columns.join(','), ...rows.map((r) => columns.map((c) => field(r[c])).join(','))].join('\r\n') + '\r\n'
  );
}
