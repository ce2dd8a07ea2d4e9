import { handResult, insuranceStakeFor, returnedForHand, returnedForInsurance } from '../core/outcome';
import { settleRound } from './settlement';
import { bet, play, rulesWith } from './test-kit';

describe('settlement', () => {
  it('pays blackjack 3:2 rounded down to the minor unit', () => {
    const rules = rulesWith();
    expect(returnedForHand('blackjack', 100n, rules)).toBe(250n);
    expect(returnedForHand('blackjack', 5n, rules)).toBe(12n); // win 7.5 → 7
    expect(returnedForHand('blackjack', 101n, rules)).toBe(252n); // win 151.5 → 151
    const { state } = play(rules, [bet(1, 5n)], ['AS', '6D', 'KS', '5C']);
    expect(settleRound(state)[0].totalReturned).toBe(12n);
  });

  it('pays other blackjack ratios the same way (6:5 on 7 → 8.4 → 8)', () => {
    expect(returnedForHand('blackjack', 7n, rulesWith({ blackjackPays: { num: 6n, den: 5n } }))).toBe(15n);
  });

  it('returns stake + win, the stake on a push, nothing on a loss', () => {
    const rules = rulesWith();
    expect(returnedForHand('win', 30n, rules)).toBe(60n);
    expect(returnedForHand('push', 30n, rules)).toBe(30n);
    expect(returnedForHand('lose', 30n, rules)).toBe(0n);
    expect(returnedForInsurance(true, 15n)).toBe(45n);
    expect(returnedForInsurance(false, 15n)).toBe(0n);
    expect(insuranceStakeFor(101n)).toBe(50n);
  });

  it('compares hands', () => {
    const h = (total: number, blackjack = false) => ({ total, blackjack });
    expect(handResult(h(22), h(23))).toBe('lose');
    expect(handResult(h(21), h(21, true))).toBe('lose');
    expect(handResult(h(21, true), h(21, true))).toBe('push');
    expect(handResult(h(21, true), h(21))).toBe('blackjack');
    expect(handResult(h(12), h(22))).toBe('win');
    expect(handResult(h(18), h(18))).toBe('push');
    expect(handResult(h(17), h(18))).toBe('lose');
  });
});
