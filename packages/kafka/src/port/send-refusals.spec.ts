import { RefusalTracker, refusalOf } from './send-refusals';

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
