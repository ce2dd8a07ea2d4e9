import { parseCard, parseCards } from '@casino/cards';
import { handTotal, isNatural, isPair, pointValue } from './values';

describe('card values', () => {
  it.each([
    ['AS', 1],
    ['2H', 2],
    ['5D', 5],
    ['9C', 9],
    ['TS', 0],
    ['JH', 0],
    ['QD', 0],
    ['KC', 0],
  ])('%s is worth %d', (text, value) => {
    expect(pointValue(parseCard(text))).toBe(value);
  });

  it('suits never matter', () => {
    for (const rank of 'A23456789TJQK') {
      const values = ['S', 'H', 'D', 'C'].map((suit) => pointValue(parseCard(rank + suit)));
      expect(new Set(values).size).toBe(1);
    }
  });

  it('a hand counts mod 10', () => {
    expect(handTotal(parseCards(['7S', '6H']))).toBe(3);
    expect(handTotal(parseCards(['9S', '9H', '9D']))).toBe(7);
    expect(handTotal(parseCards(['KS', 'QH']))).toBe(0);
    expect(handTotal(parseCards(['AS', '3H', '5D']))).toBe(9);
  });

  it('a natural is a two-card 8 or 9', () => {
    expect(isNatural(parseCards(['4S', '4H']))).toBe(true);
    expect(isNatural(parseCards(['KS', '9H']))).toBe(true);
    expect(isNatural(parseCards(['5S', '2H']))).toBe(false);
    expect(isNatural(parseCards(['AS']))).toBe(false);
  });

  it('a pair is the same rank, not the same value', () => {
    expect(isPair(parseCard('JS'), parseCard('JH'))).toBe(true);
    expect(isPair(parseCard('JS'), parseCard('QS'))).toBe(false);
    expect(isPair(parseCard('TS'), parseCard('KS'))).toBe(false);
  });
});
