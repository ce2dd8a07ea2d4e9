/** A log line about ids: its message and the ids it concerns (round, table, bet, command, event…). */
export interface LogFields {
  msg: string;
  [field: string]: string | number | boolean | undefined;
}

const FIELDS = Symbol('logFields');

/**
 * A structured log message: JSON logs carry each id as a field of its own, text logs append `key=value`, so a
 * grep for a bet or command id finds the line either way. Undefined ids are left out.
 */
export function logFields(
  msg: string,
  ids: Record<string, string | number | boolean | bigint | undefined>,
): LogFields {
  const out: LogFields = { msg };
  for (const [k, v] of Object.entries(ids)) if (v !== undefined) out[k] = typeof v === 'bigint' ? `${v}` : v;
  Object.defineProperty(out, FIELDS, { value: true });
  return out;
}

export function isLogFields(message: unknown): message is LogFields {
  return typeof message === 'object' && message !== null && FIELDS in message;
}

/** `msg key=value …`, the text form. */
export function logFieldsText(fields: LogFields): string {
  const { msg, ...ids } = fields;
  const parts = Object.entries(ids).map(([k, v]) => `${k}=${String(v)}`);
  return parts.length === 0 ? msg : `${msg} ${parts.join(' ')}`;
}
