import { splitFreeBetReturn } from './free-bet-settlement';

describe("a free bet's return (docs/rules/restrictions.md#free-bets)", () => {
  it('pays the player only what the return brings above the stake, the rest back to the promotion book', () => {
    expect(splitFreeBetReturn(200n, 100n, 'settled')).toEqual({ toPromotion: 100n, winnings: 100n });
    expect(splitFreeBetReturn(195n, 100n, 'settled')).toEqual({ toPromotion: 100n, winnings: 95n });
    // A push or a partial return (a half-lost bet) pays the player nothing.
    expect(splitFreeBetReturn(100n, 100n, 'settled')).toEqual({ toPromotion: 100n, winnings: 0n });
    expect(splitFreeBetReturn(50n, 100n, 'settled')).toEqual({ toPromotion: 50n, winnings: 0n });
    expect(splitFreeBetReturn(0n, 100n, 'settled')).toEqual({ toPromotion: 0n, winnings: 0n });
  });

  it('gives the whole stake back to the book on a refund', () => {
    expect(splitFreeBetReturn(100n, 100n, 'refunded')).toEqual({ toPromotion: 100n, winnings: 0n });
  });
});
