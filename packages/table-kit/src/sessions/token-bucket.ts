/**
 * A token bucket: `burst` tokens at most, refilled at `ratePerSecond`; each command takes one. Time comes from
 * `now` (ms), so a test drives it with a manual clock.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    private readonly now: () => number,
  ) {
    this.tokens = burst;
    this.last = now();
  }

  /** Whether a token is there now (refills first); takes nothing. */
  has(): boolean {
    this.refill();
    return this.tokens >= 1;
  }

  /** Takes a token if there is one. */
  take(): boolean {
    if (!this.has()) return false;
    this.tokens -= 1;
    return true;
  }

  /** Full again: forgetting the bucket loses nothing. */
  isFull(): boolean {
    this.refill();
    return this.tokens >= this.burst;
  }

  private refill(): void {
    const now = this.now();
    const elapsed = Math.max(0, now - this.last);
    this.last = now;
    this.tokens = Math.min(this.burst, this.tokens + (elapsed * this.ratePerSecond) / 1000);
  }
}

/** Takes one token from every bucket, or from none when any of them is empty. */
export function takeAll(buckets: readonly TokenBucket[]): boolean {
  if (!buckets.every((b) => b.has())) return false;
  for (const b of buckets) b.take();
  return true;
}
