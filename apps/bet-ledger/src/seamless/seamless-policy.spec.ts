import { makeEvent } from '@casino/events';
import { rejectionOfRefusal, retryDelayMs, roundRefusal } from './seamless-policy';

describe('seamless policy', () => {
  it('names the refusals a player can act on, and groups the rest', () => {
    expect(rejectionOfRefusal('INSUFFICIENT_FUNDS')).toBe('WALLET_INSUFFICIENT_FUNDS');
    expect(rejectionOfRefusal('LIMIT_REACHED')).toBe('WALLET_LIMIT_REACHED');
    expect(rejectionOfRefusal('PLAYER_BLOCKED')).toBe('WALLET_REFUSED');
    expect(rejectionOfRefusal('TRANSACTION_ROLLED_BACK')).toBe('WALLET_REFUSED');
  });

  it('doubles the pause after each failure up to its cap', () => {
    const s = { firstMs: 1_000, maxMs: 60_000 };
    const none = () => 0;
    expect([1, 2, 3, 4, 7, 8, 50].map((n) => retryDelayMs(s, n, none))).toEqual([
      1_000, 2_000, 4_000, 8_000, 60_000, 60_000, 60_000,
    ]);
    expect(retryDelayMs(s, 1, () => 1)).toBe(1_100);
  });

  it('refuses before the debit only what the decision would refuse whatever comes next', () => {
    const ids = { tableId: 't', roundId: 'r', operatorId: 'o', playerId: 'p', currency: 'EUR', stake: 100n };
    const main = makeEvent('PlaceBet', {
      ...ids,
      game: 'baccarat',
      bet: { game: 'baccarat', type: 'player' },
    });
    const double = makeEvent('PlaceBet', {
      ...ids,
      game: 'blackjack',
      bet: { game: 'blackjack', seat: 1, kind: 'double', hand: 0 },
    });
    expect(roundRefusal(main, undefined)?.code).toBe('ROUND_UNKNOWN');
    expect(roundRefusal(main, 'open')).toBeUndefined();
    for (const status of ['closed', 'settled', 'voided', 'disputed'])
      expect(roundRefusal(main, status)?.code).toBe('LATE_BET');
    expect(roundRefusal(double, 'open')).toBeUndefined();
    expect(roundRefusal(double, 'closed')).toBeUndefined();
    expect(roundRefusal(double, 'settled')?.code).toBe('ROUND_NOT_IN_PLAY');
  });
});
