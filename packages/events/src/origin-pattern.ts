/**
 * Browser origins as the platform's allow-lists write them: `scheme://host[:port]`, `:*` for any port, `*` for any
 * origin. Shared by the ledger (which validates an operator's allowed origins) and the game services (which match a
 * socket's Origin against them).
 */
const PATTERN = /^(https?):\/\/([A-Za-z0-9.-]+|\[[0-9A-Fa-f:]+\])(?::(\*|[0-9]{1,5}))?$/;

/** The longest origin pattern accepted (a host name is at most 253 characters). */
export const MAX_ORIGIN_PATTERN_LENGTH = 300;

/** One allowed origin as a matcher; undefined when the entry is malformed. */
export function originMatcher(entry: string): ((origin: string) => boolean) | undefined {
  if (entry === '*') return () => true;
  if (entry.length > MAX_ORIGIN_PATTERN_LENGTH) return undefined;
  const m = PATTERN.exec(entry);
  if (!m) return undefined;
  const [, scheme, host, port] = m;
  const escaped = `${scheme}://${host}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const portPart = port === '*' ? '(:[0-9]{1,5})?' : port ? `:${port}` : '';
  const re = new RegExp(`^${escaped}${portPart}$`, 'i');
  return (origin) => re.test(origin);
}

/** Whether `entry` is a well-formed origin pattern other than `*` (an operator may not allow every origin). */
export function isOperatorOriginPattern(entry: string): boolean {
  return entry !== '*' && originMatcher(entry) !== undefined;
}
