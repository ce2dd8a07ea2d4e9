/** Retry delays: `initialMs`, doubling up to `maxMs`. */
export interface Backoff {
  initialMs: number;
  maxMs: number;
}

/** The wait before retry number `attempt` (1 = the first retry). */
export function backoffDelay(policy: Backoff, attempt: number): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 30);
  return Math.min(policy.maxMs, policy.initialMs * 2 ** exponent);
}
