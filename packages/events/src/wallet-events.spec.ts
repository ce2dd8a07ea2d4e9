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
});
