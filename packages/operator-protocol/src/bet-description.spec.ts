import { BetSpec } from '@casino/events';
import { describeBet, formatAmount, MAX_BET_DESCRIPTION } from './bet-description';

describe('bet descriptions', () => {
  it.each([
    [500n, 'EUR', '5.00'],
    [5n, 'EUR', '0.05'],
    [0n, 'EUR', '0.00'],
    [1234n, 'JPY', '1234'],
    [1005n, 'KWD', '1.005'],
    [9_223_372_036_854_775_807n, 'EUR', '92233720368547758.07'],
    [-250n, 'TRY', '-2.50'],
  ])('formats %s minor units of %s as %s, exactly', (minor, currency, text) => {
    expect(formatAmount(minor, currency)).toBe(text);
  });

  it("describes a bet from its game definition's spot, the same every time", () => {
    const straight: BetSpec = { game: 'roulette', spec: { type: 'straight', numbers: [17] } } as BetSpec;
    const split: BetSpec = { game: 'roulette', spec: { type: 'split', numbers: [18, 17] } } as BetSpec;
    expect(describeBet(straight, 500n, 'EUR')).toBe('Roulette · straight 17 · 5.00 EUR');
    expect(describeBet(split, 1_000n, 'TRY')).toBe('Roulette · split 17-18 · 10.00 TRY');
    expect(describeBet({ game: 'baccarat', type: 'player' } as BetSpec, 2_500n, 'EUR')).toBe(
      'Baccarat · player · 25.00 EUR',
    );
    expect(describeBet({ game: 'dragonTiger', type: 'tie' } as BetSpec, 100n, 'JPY')).toBe(
      'Dragon Tiger · tie · 100 JPY',
    );
    const main = { game: 'blackjack', kind: 'main', seat: 2, hand: 0 } as BetSpec;
    expect(describeBet(main, 1_000n, 'EUR')).toBe('Blackjack · main seat 2 hand 0 · 10.00 EUR');
    expect(describeBet(straight, 500n, 'EUR')).toBe(describeBet(straight, 500n, 'EUR'));
  });

  it('never exceeds the schema maximum', () => {
    const bet = { game: 'roulette', spec: { type: 'straight', numbers: [17] } } as BetSpec;
    expect(describeBet(bet, 10n ** 18n, 'EUR').length).toBeLessThanOrEqual(MAX_BET_DESCRIPTION);
  });
});
