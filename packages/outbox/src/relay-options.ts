import { OutboxMessage, RefusalNarration } from './ports';
import { RefusalPolicy } from './refusals';

/** Retry delays after a failure: `initialMs`, doubling up to `maxMs`. */
export interface RelayBackoff {
  initialMs: number;
  maxMs: number;
}

export interface OutboxRelayOptions<M extends OutboxMessage> {
  /** Messages per claim. */
  batchSize: number;
  /**
   * The store is read every `pollMs` besides the wakes (messages another process wrote, or a crash left);
   * Infinity: only when woken, or when a held key's next attempt is due.
   */
  pollMs: number;
  /**
   * After a claim that found messages, claim again at once until one finds none (an outbox written only by wakes).
   * Otherwise only a full claim is followed at once by the next.
   */
  pollUntilEmpty?: boolean;
  /** Waits after a failure (the broker or the store), before everything is tried again in order. */
  retry: RelayBackoff;
  /** A relay that is not the leader tries to lead again after this long (default 1 s). */
  leadRetryMs?: number;
  /** A send still waiting after this long marks the broker unreachable (the send goes on; its success restores it). */
  sendTimeoutMs?: number;
  /** When a message the broker refuses for good is parked (default DEFAULT_REFUSAL_POLICY). */
  refusals?: RefusalPolicy;
  /** How often the store's parked keys are read again (an operator's requeue shows within this; default 5 s). */
  parkedKeysRefreshMs?: number;
  /** How often an empty claim also purges the store's sent messages (default 60 s). */
  purgeEveryMs?: number;
  /** Keep each key's cause before its effect across topics (see causalWaves). */
  causalOrder?: boolean;
  /** Splits a send into requests the broker accepts (e.g. under its request size); each is marked once taken. */
  requests?: (messages: readonly M[]) => M[][];
  /** Times a claim ('poll') or a send of handed-over messages ('pending'), for a profiler. */
  time?: <T>(phase: 'poll' | 'pending', run: () => Promise<T>) => Promise<T>;
  narration: RefusalNarration<M>;
}

/** The wait before retry number `attempt` (1 = the first retry). */
export function backoffDelay(policy: RelayBackoff, attempt: number): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 30);
  return Math.min(policy.maxMs, policy.initialMs * 2 ** exponent);
}
