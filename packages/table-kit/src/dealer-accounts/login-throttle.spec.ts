import { ManualClock } from '@casino/test-support';
import { LoginThrottle } from './login-throttle';

const WINDOW = 15 * 60_000;

function throttle(clock: ManualClock, maxKeys = 1000): LoginThrottle {
  return new LoginThrottle(clock, {
    maxFailuresPerDealer: 5,
    maxFailuresPerIp: 8,
    windowMs: WINDOW,
    maxKeys,
  });
}

function fail(t: LoginThrottle, dealer: string, ip: string): void {
  expect(t.begin(dealer, ip)).toEqual({ ok: true });
  t.finish(dealer, ip, false);
}

describe('LoginThrottle', () => {
  it('refuses a dealer id after 5 failures until the oldest leaves the window', () => {
    const clock = new ManualClock(0);
    const t = throttle(clock);
    for (let i = 0; i < 5; i++) {
      fail(t, 'd1', `10.0.0.${i}`);
      clock.advance(1_000);
    }
    expect(t.begin('d1', '10.0.0.9')).toEqual({ ok: false, retryAfterSeconds: WINDOW / 1000 - 5 });
    expect(t.begin('d2', '10.0.0.9')).toEqual({ ok: true });
    clock.advance(WINDOW - 5_000);
    expect(t.begin('d1', '10.0.0.9')).toEqual({ ok: true });
  });

  it('refuses a client address after its own limit, whatever the dealer id', () => {
    const clock = new ManualClock(0);
    const t = throttle(clock);
    for (let i = 0; i < 8; i++) fail(t, `d${i}`, '10.0.0.1');
    expect(t.begin('someone', '10.0.0.1').ok).toBe(false);
    expect(t.begin('someone', '10.0.0.2').ok).toBe(true);
  });

  it('a success clears the dealer id but not the address', () => {
    const clock = new ManualClock(0);
    const t = throttle(clock);
    for (let i = 0; i < 4; i++) fail(t, 'd1', '10.0.0.1');
    expect(t.begin('d1', '10.0.0.1').ok).toBe(true);
    t.finish('d1', '10.0.0.1', true);
    for (let i = 0; i < 4; i++) fail(t, 'd1', '10.0.0.2');
    expect(t.begin('d1', '10.0.0.3').ok).toBe(true);
  });

  it('counts tries in flight, so parallel guesses stop at the limit', () => {
    const t = throttle(new ManualClock(0));
    const letThrough = Array.from({ length: 10 }, () => t.begin('d1', '10.0.0.1')).filter((c) => c.ok);
    expect(letThrough).toHaveLength(5);
    expect(t.begin('d1', '10.0.0.1')).toEqual({ ok: false, retryAfterSeconds: 1 });
  });

  it('forgets the stalest keys past its size', () => {
    const t = throttle(new ManualClock(0), 4);
    for (let i = 0; i < 5; i++) fail(t, 'd1', '10.0.0.1');
    expect(t.begin('d1', '10.0.0.2').ok).toBe(false);
    for (let i = 0; i < 3; i++) fail(t, `other${i}`, `10.1.0.${i}`);
    expect(t.begin('d1', '10.0.0.2').ok).toBe(true);
  });
});
