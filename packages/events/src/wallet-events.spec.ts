import { decodeEvent, encodeEvent, eventKey, eventTypesOnTopic, makeEvent, TOPICS } from './index';

describe('wallet topic events', () => {
  it('lists BalanceChanged and PlayerSessionRevoked on the wallet topic', () => {
    expect(eventTypesOnTopic(TOPICS.wallet)).toEqual(['BalanceChanged', 'PlayerSessionRevoked']);
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
    expect(decodeEvent(TOPICS.wallet, encodeEvent(one))).toEqual({ ok: true, event: one });
    expect(decodeEvent(TOPICS.wallet, encodeEvent(all))).toEqual({ ok: true, event: all });
  });

  it.each([
    ['an unknown reason', { reason: 'bored' }],
    ['no operator', { operatorId: undefined }],
    ['an extra field', { token: 'x' }],
  ])('rejects PlayerSessionRevoked with %s', (_name, patch) => {
    const event = makeEvent('PlayerSessionRevoked', { operatorId: 'op', playerId: 'p', reason: 'operator' });
    const raw = { ...JSON.parse(encodeEvent(event)), ...patch };
    expect(decodeEvent(TOPICS.wallet, JSON.stringify(raw))).toMatchObject({
      ok: false,
      code: 'INVALID_EVENT',
    });
  });

  it('carries withdrawals as a BalanceChanged reason', () => {
    const e = makeEvent('BalanceChanged', {
      operatorId: 'op',
      playerId: 'p',
      currency: 'EUR',
      reason: 'withdrawal',
      delta: -500n,
      balance: 0n,
    });
    expect(decodeEvent(TOPICS.wallet, encodeEvent(e))).toEqual({ ok: true, event: e });
  });
});
