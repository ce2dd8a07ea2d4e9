import { DEFAULT_REFUSAL_POLICY, isolateRefusals, RefusalTracker, refusalOf } from './refusals';

/** kafkajs's shape: a retries-exceeded error whose cause is the broker's answer. */
const wrapped = (type: string) =>
  Object.assign(new Error('retries exceeded'), {
    name: 'KafkaJSNumberOfRetriesExceeded',
    cause: Object.assign(new Error('broker says no'), { name: 'KafkaJSProtocolError', type }),
  });

describe('refusalOf', () => {
  it('finds the broker refusing the rows themselves, through the client error chain', () => {
    expect(refusalOf(wrapped('UNKNOWN_TOPIC_OR_PARTITION'))).toMatchObject({
      code: 'UNKNOWN_TOPIC_OR_PARTITION',
      topicLevel: true,
    });
    expect(refusalOf(Object.assign(new Error('too big'), { type: 'MESSAGE_TOO_LARGE' }))).toMatchObject({
      code: 'MESSAGE_TOO_LARGE',
      topicLevel: false,
    });
  });

  it('calls everything else transient: connection errors, timeouts, leader changes, a refused login', () => {
    expect(refusalOf(new Error('Connection error: ECONNREFUSED'))).toBeUndefined();
    expect(refusalOf(wrapped('NOT_LEADER_FOR_PARTITION'))).toBeUndefined();
    expect(refusalOf(wrapped('REQUEST_TIMED_OUT'))).toBeUndefined();
    expect(refusalOf(wrapped('SASL_AUTHENTICATION_FAILED'))).toBeUndefined();
    expect(refusalOf(wrapped('CLUSTER_AUTHORIZATION_FAILED'))).toBeUndefined();
    expect(refusalOf(undefined)).toBeUndefined();
  });
});

describe('RefusalTracker', () => {
  const refusal = { code: 'UNKNOWN_TOPIC_OR_PARTITION', topicLevel: true, message: 'no topic' };

  it('holds a key with doubling waits, then parks it at the last attempt', () => {
    const t = new RefusalTracker({ parkAfterAttempts: 3, retryMs: 100, maxRetryMs: 150 });
    expect(t.refused('k', 'topic', refusal, 0)).toEqual({ verdict: 'hold', attempts: 1 });
    expect(t.isHeld('k', 99)).toBe(true);
    expect(t.isHeld('k', 100)).toBe(false); // due: the next attempt sends it
    expect(t.tracks('k')).toBe(true); // but rows handed over alone wait for the poll, which has the head row
    expect(t.refused('k', 'topic', refusal, 100)).toEqual({ verdict: 'hold', attempts: 2 });
    expect(t.heldKeys(249)).toEqual(['k']); // 100 * 2 capped at 150
    expect(t.heldKeys(250)).toEqual([]);
    expect(t.refused('k', 'topic', refusal, 250)).toEqual({ verdict: 'park', attempts: 3 });
    expect(t.isHeld('k', 250)).toBe(false);
    expect(t.tracks('k')).toBe(false); // parked: the relay's parked keys take over
  });

  it('remembers a topic-level refusal until the retry, and forgets all once the broker takes a row', () => {
    const t = new RefusalTracker({ parkAfterAttempts: 5, retryMs: 100, maxRetryMs: 1_000 });
    t.refused('k', 'topic', refusal, 0);
    expect(t.topicRefusal('topic', 50)).toBe(refusal);
    expect(t.topicRefusal('other', 50)).toBeUndefined();
    expect(t.nextRetryAt(50)).toBe(100);
    t.accepted('k', 'topic');
    expect(t.topicRefusal('topic', 50)).toBeUndefined();
    expect(t.refused('k', 'topic', refusal, 60).attempts).toBe(1);
  });
});

describe('isolateRefusals', () => {
  const refused = (type: string) => Object.assign(new Error(`refused: ${type}`), { type });
  type Item = { id: number; key: string; topic: string };
  const items: Item[] = [
    { id: 1, key: 'a', topic: 't1' },
    { id: 2, key: 'b', topic: 'big' },
    { id: 3, key: 'b', topic: 't1' },
    { id: 4, key: 'c', topic: 't1' },
  ];

  it('sends one at a time, refuses what the broker refused and skips its key, lets the others through', async () => {
    const sent: number[] = [];
    const refusedIds: [number, string][] = [];
    const stopped = new Set<string>();
    await isolateRefusals(items, stopped, {
      keyOf: (i) => i.key,
      topicOf: (i) => i.topic,
      refusals: new RefusalTracker(DEFAULT_REFUSAL_POLICY),
      now: () => 0,
      send: async (i) => {
        if (i.topic === 'big') throw refused('MESSAGE_TOO_LARGE');
        sent.push(i.id);
      },
      refuse: async (i, r) => void refusedIds.push([i.id, r.code]),
    });
    expect(sent).toEqual([1, 4]);
    expect(refusedIds).toEqual([[2, 'MESSAGE_TOO_LARGE']]);
    expect([...stopped]).toEqual(['b']);
  });

  it('refuses without a send a topic refused a moment ago, and throws a failure that is not a refusal', async () => {
    const refusals = new RefusalTracker(DEFAULT_REFUSAL_POLICY);
    const missing = refusalOf(refused('UNKNOWN_TOPIC_OR_PARTITION'))!;
    refusals.refused('x', 't1', missing, 0);
    const sends: number[] = [];
    const refusedIds: number[] = [];
    const relay = {
      keyOf: (i: Item) => i.key,
      topicOf: (i: Item) => i.topic,
      refusals,
      now: () => 1,
      send: async (i: Item) => void sends.push(i.id),
      refuse: async (i: Item) => void refusedIds.push(i.id),
    };
    await isolateRefusals(items, new Set(), relay);
    expect(sends).toEqual([2]);
    expect(refusedIds).toEqual([1, 3, 4]);
    const down = Object.assign(new Error('connection refused'), { type: 'NETWORK' });
    await expect(
      isolateRefusals(items, new Set(), {
        ...relay,
        refusals: new RefusalTracker(DEFAULT_REFUSAL_POLICY),
        send: () => Promise.reject(down),
      }),
    ).rejects.toBe(down);
  });
});
