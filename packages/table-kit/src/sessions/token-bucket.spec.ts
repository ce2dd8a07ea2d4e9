import { ManualClock } from '@casino/test-support';
import { takeAll, TokenBucket } from './token-bucket';

describe('TokenBucket', () => {
  it('allows a burst, then one command per refilled token', () => {
    const clock = new ManualClock(1_000);
    const bucket = new TokenBucket(2, 3, () => clock.now());
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    clock.advance(499);
    expect(bucket.take()).toBe(false);
    clock.advance(1);
    expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
    clock.advance(10_000);
    expect(bucket.isFull()).toBe(true);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
  });

  it('takes from every bucket or from none', () => {
    const clock = new ManualClock(0);
    const player = new TokenBucket(1, 2, () => clock.now());
    const socket = new TokenBucket(1, 1, () => clock.now());
    expect(takeAll([player, socket])).toBe(true);
    // The socket's bucket is empty: the player's keeps its token.
    expect(takeAll([player, socket])).toBe(false);
    expect(player.take()).toBe(true);
    expect(player.take()).toBe(false);
  });
});
