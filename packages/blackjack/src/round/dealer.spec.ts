import { settleRound } from './settlement';
import { bet, hit, play, rulesWith, stand } from './test-kit';

describe('dealer', () => {
  it('draws nothing when every hand is bust', () => {
    const { state, events } = play(
      rulesWith(),
      [bet(1), bet(2)],
      ['TS', 'TH', '6D', '5S', '6H', '5C', hit(1), 'KS', hit(2), 'KD'],
    );
    expect(state.phase).toBe('settled');
    expect(state.dealer.cards).toHaveLength(2);
    expect(events).toContainEqual({ type: 'dealer-finished', total: 11, blackjack: false, bust: false });
    expect(settleRound(state).map((s) => s.totalReturned)).toEqual([0n, 0n]);
  });

  it('draws nothing when only settled blackjacks remain', () => {
    const { state } = play(rulesWith(), [bet(1)], ['AS', '6D', 'KS', '5C']);
    expect(state.phase).toBe('settled');
    expect(state.dealer.cards).toHaveLength(2);
    expect(settleRound(state)[0].stakes).toEqual([
      { id: 'main', kind: 'main', hand: 0, stake: 100n, returned: 250n, result: 'blackjack' },
    ]);
  });

  it('draws for a hand still in play even when another seat is bust', () => {
    const { state } = play(
      rulesWith(),
      [bet(1), bet(2)],
      ['TS', 'TH', '6D', '5S', '9H', '5C', hit(1), 'KS', stand(2)],
    );
    expect(state.awaiting).toEqual({ kind: 'card', target: { kind: 'dealer', role: 'draw' } });
  });

  const soft17 = ['TS', '6D', '9S', 'AH', stand(1)];

  it('S17: stands on soft 17', () => {
    const { state } = play(rulesWith({ dealerHitsSoft17: false }), [bet(1)], soft17);
    expect(state.phase).toBe('settled');
    expect(settleRound(state)[0].hands[0].result).toBe('win');
  });

  it('H17: hits soft 17, stands on hard 17', () => {
    const h17 = rulesWith({ dealerHitsSoft17: true });
    expect(play(h17, [bet(1)], soft17).state.awaiting).toEqual({
      kind: 'card',
      target: { kind: 'dealer', role: 'draw' },
    });
    const { state } = play(h17, [bet(1)], [...soft17, 'TC']); // A,6,T = hard 17
    expect(state.phase).toBe('settled');
    expect(state.dealer.cards).toHaveLength(3);
  });

  it('draws to 16 and stands on 17 or more', () => {
    const { state } = play(rulesWith(), [bet(1)], ['TS', 'TD', '8S', '2H', stand(1), '3C', '2C']);
    expect(state.dealer.cards).toHaveLength(4); // 12, 15, 17
    expect(settleRound(state)[0].hands[0].result).toBe('win');
  });
});
