import { ConsumerStoppedError, RetryPolicy } from './retry.policy';

const silent = { log: () => {}, warn: () => {}, error: () => {} };
const poison = () => Object.assign(new Error('bigint out of range'), { driverError: { code: '22003' } });
const killed = () => Object.assign(new Error('terminating connection'), { driverError: { code: '57P01' } });

describe('RetryPolicy', () => {
  const pauses: number[] = [];
  const policy = new RetryPolicy({ attempts: 3, backoffMs: 10, maxBackoffMs: 40 }, silent, async (ms) => {
    pauses.push(ms);
  });
  beforeEach(() => (pauses.length = 0));

  it('gives up on a poison failure after the bounded attempts, with the failure and its first time', async () => {
    let calls = 0;
    const r = await policy.attempt('t', async () => {
      calls++;
      throw poison();
    });
    expect(calls).toBe(3);
    expect(r).toMatchObject({ ok: false, attempts: 3, failure: { code: 'AMOUNT_OUT_OF_RANGE' } });
    expect(pauses).toEqual([10, 20]);
  });

  it('retries transient failures without counting them, with pauses that grow to the maximum', async () => {
    let calls = 0;
    const before = policy.transientRetries;
    const r = await policy.attempt('t', async () => {
      if (++calls <= 6) throw killed();
      return 'done';
    });
    expect(r).toEqual({ ok: true, value: 'done' });
    expect(pauses).toEqual([10, 20, 40, 40, 40, 40]);
    expect(policy.transientRetries - before).toBe(6);
  });

  it('heartbeats while it waits and stops when the consumer stops', async () => {
    let beats = 0;
    let running = true;
    const attempt = policy.attempt(
      't',
      async () => {
        if (beats >= 2) running = false;
        throw killed();
      },
      {
        heartbeat: async () => {
          beats++;
        },
        isRunning: () => running,
      },
    );
    await expect(attempt).rejects.toBeInstanceOf(ConsumerStoppedError);
    expect(beats).toBe(2);
  });

  it('never reports a failure that happened while stopping (nothing is parked for it)', async () => {
    let running = true;
    const attempt = policy.attempt(
      't',
      async () => {
        running = false;
        throw poison();
      },
      { isRunning: () => running },
      1,
    );
    await expect(attempt).rejects.toBeInstanceOf(ConsumerStoppedError);
  });
});
