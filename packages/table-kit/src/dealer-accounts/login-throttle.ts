import { Clock } from '../timers/clock';

export interface LoginThrottleOptions {
  /** Failed logins of one dealer id within the window before further tries are refused. */
  maxFailuresPerDealer: number;
  /** Failed logins from one client address within the window (a studio's dealers share one address). */
  maxFailuresPerIp: number;
  windowMs: number;
  /** Most dealer ids and addresses remembered at once; past it the stalest are forgotten. */
  maxKeys: number;
}

export type ThrottleCheck = { ok: true } | { ok: false; retryAfterSeconds: number };

interface KeyState {
  failures: number[];
  inFlight: number;
}

/**
 * Failed logins in a sliding window, per dealer id and per client address, in this instance's memory (every
 * instance counts on its own: N instances allow N times the tries). A try in progress counts as a failure until
 * it ends, so parallel guesses cannot slip past the limit while the password hashes. A success clears the
 * dealer id's failures only.
 */
export class LoginThrottle {
  private readonly keys = new Map<string, KeyState>();

  constructor(
    private readonly clock: Clock,
    private readonly options: LoginThrottleOptions,
  ) {}

  /** Refuses when over a limit; otherwise the try is counted in flight until `finish`. */
  begin(dealerId: string, ip: string): ThrottleCheck {
    const now = this.clock.now();
    const limits: [string, number][] = [
      [`d:${dealerId}`, this.options.maxFailuresPerDealer],
      [`ip:${ip}`, this.options.maxFailuresPerIp],
    ];
    const wait = Math.max(...limits.map(([key, limit]) => this.waitOf(this.state(key, now), limit, now)));
    if (wait > 0) return { ok: false, retryAfterSeconds: Math.ceil(wait / 1000) };
    for (const [key] of limits) this.touch(key, now).inFlight += 1;
    return { ok: true };
  }

  /** Ends a try that `begin` let through. */
  finish(dealerId: string, ip: string, succeeded: boolean): void {
    const now = this.clock.now();
    for (const key of [`d:${dealerId}`, `ip:${ip}`]) {
      const s = this.touch(key, now);
      s.inFlight = Math.max(0, s.inFlight - 1);
      if (succeeded && key.startsWith('d:')) s.failures = [];
      else if (!succeeded) s.failures.push(now);
      if (s.failures.length === 0 && s.inFlight === 0) this.keys.delete(key);
    }
    this.evict();
  }

  /** Milliseconds until a try is allowed again under `limit` (0: now; 1 s when only tries in flight fill it). */
  private waitOf(s: KeyState, limit: number, now: number): number {
    if (s.failures.length + s.inFlight < limit) return 0;
    if (s.failures.length < limit) return 1000;
    return s.failures[s.failures.length - limit] + this.options.windowMs - now;
  }

  private state(key: string, now: number): KeyState {
    const s = this.keys.get(key);
    if (!s) return { failures: [], inFlight: 0 };
    s.failures = s.failures.filter((t) => t > now - this.options.windowMs);
    if (s.failures.length === 0 && s.inFlight === 0) this.keys.delete(key);
    return s;
  }

  /** The key's state, moved to the newest end of the map (the first key is then the stalest). */
  private touch(key: string, now: number): KeyState {
    const s = this.state(key, now);
    this.keys.delete(key);
    this.keys.set(key, s);
    return s;
  }

  private evict(): void {
    while (this.keys.size > this.options.maxKeys) {
      const stalest = this.keys.keys().next();
      if (stalest.done === true) return;
      this.keys.delete(stalest.value);
    }
  }
}
