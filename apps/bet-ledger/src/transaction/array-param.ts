/**
 * Characters JSON.stringify escapes in a form a PostgreSQL array literal does not read back (`\n` is read as `n`),
 * and surrogates, which it may escape as `\uXXXX`.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const NOT_LITERAL_SAFE = /[\u0000-\u001f\ud800-\udfff]/;

/**
 * A one-dimensional array parameter as the PostgreSQL array literal node-postgres would send, built faster:
 * node-postgres escapes each element with two regular expressions and concatenates a rope that the socket write
 * then flattens, which cost the ledger about a tenth of its time on the outbox's payloads. Strings go through
 * JSON.stringify, whose quoting (`\"`, `\\`) is the literal's, and a null as `null` (PostgreSQL reads NULL in
 * any case); bigints and integers are joined. Anything else (nested arrays, dates, buffers, a string with a
 * control character) is left to node-postgres (undefined).
 */
export function arrayLiteral(values: readonly unknown[]): string | undefined {
  if (values.length === 0) return '{}';
  if (typeof values[0] === 'bigint' || typeof values[0] === 'number') {
    for (const v of values) if (typeof v !== 'bigint' && !Number.isSafeInteger(v)) return undefined;
    return `{"${values.join('","')}"}`;
  }
  for (const v of values) {
    if (v === null) continue;
    if (typeof v !== 'string' || NOT_LITERAL_SAFE.test(v)) return undefined;
  }
  const json = JSON.stringify(values);
  return `{${json.slice(1, -1)}}`;
}

/** Query parameters with their arrays encoded by `arrayLiteral` where it can. */
export function encodeArrayParams(params: readonly unknown[]): unknown[] {
  return params.map((p) => (Array.isArray(p) ? (arrayLiteral(p) ?? p) : p));
}
