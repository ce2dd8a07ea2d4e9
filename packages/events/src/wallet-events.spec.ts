import { decodeEvent, encodeEvent, eventTypesOnTopic, makeEvent, TOPICS } from './index';

describe('wallet topic events', () => {
  it('lists BalanceChanged alone on the wallet topic', () => {
    expect(eventTypesOnTopic(TOPICS.wallet)).toEqual(['BalanceChanged']);
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

  it('carries the bonus balance beside the cash one, and decodes a message without it as before', () => {
    const e = makeEvent('BalanceChanged', {
      operatorId: 'op',
      playerId: 'p',
      currency: 'EUR',
      reason: 'bonus-conversion',
      delta: 700n,
      balance: 1700n,
      bonusBalance: 0n,
      bonusDelta: -700n,
    });
    expect(decodeEvent(TOPICS.wallet, encodeEvent(e))).toEqual({ ok: true, event: e });
    const cashOnly = makeEvent('BalanceChanged', {
      operatorId: 'op',
      playerId: 'p',
      currency: 'EUR',
      reason: 'deposit',
      delta: 5n,
      balance: 5n,
    });
    const decoded = decodeEvent(TOPICS.wallet, encodeEvent(cashOnly));
    expect(decoded.ok && 'bonusBalance' in decoded.event).toBe(false);
  });
});
