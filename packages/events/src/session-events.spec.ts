import { decodeEvent, encodeEvent, eventKey, eventTypesOnTopic, makeEvent, TOPICS } from './index';

describe('sessions topic events', () => {
  it('lists the player and operator revocations on the sessions topic', () => {
    expect(eventTypesOnTopic(TOPICS.sessions)).toEqual(['PlayerSessionRevoked', 'OperatorSessionsRevoked']);
  });

  it('round-trips PlayerSessionRevoked keyed by player, with and without a session id', () => {
    const one = makeEvent('PlayerSessionRevoked', {
      operatorId: 'op-a',
      playerId: '42',
      sessionId: 'sess-1',
      reason: 'operator',
    });
    const all = makeEvent('PlayerSessionRevoked', {
      operatorId: 'op-a',
      playerId: '42',
      reason: 'player-suspended',
    });
    expect(eventKey(one)).toBe('42');
    expect(decodeEvent(TOPICS.sessions, encodeEvent(one))).toEqual({ ok: true, event: one });
    expect(decodeEvent(TOPICS.sessions, encodeEvent(all))).toEqual({ ok: true, event: all });
  });

  it('round-trips OperatorSessionsRevoked keyed by operator', () => {
    const e = makeEvent('OperatorSessionsRevoked', { operatorId: 'op-a', reason: 'operator-suspended' });
    expect(eventKey(e)).toBe('op-a');
    expect(decodeEvent(TOPICS.sessions, encodeEvent(e))).toEqual({ ok: true, event: e });
  });

  it.each([
    ['an unknown reason', { reason: 'bored' }],
    ['no operator', { operatorId: undefined }],
    ['an extra field', { token: 'x' }],
  ])('rejects PlayerSessionRevoked with %s', (_name, patch) => {
    const event = makeEvent('PlayerSessionRevoked', { operatorId: 'op', playerId: 'p', reason: 'operator' });
    const raw = { ...JSON.parse(encodeEvent(event)), ...patch };
    expect(decodeEvent(TOPICS.sessions, JSON.stringify(raw))).toMatchObject({
      ok: false,
      code: 'INVALID_EVENT',
    });
  });
});
