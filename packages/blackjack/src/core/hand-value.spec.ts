import { parseCards } from '@casino/cards';
import { dealerNeedsCard, dealerPeeks, dealerShouldHit } from './dealer';
import { handValue, isPair, isTwoCardTwentyOne } from './hand-value';

const value = (text: string) => handValue(parseCards(text.split(' ')));

describe('hand values', () => {
  it('counts one ace as 11 when that does not bust', () => {
    expect(value('AS 6D')).toMatchObject({ total: 17, soft: true, hard: 7 });
    expect(value('AS 6D TC')).toMatchObject({ total: 17, soft: false });
    expect(value('AS AD 9C')).toMatchObject({ total: 21, soft: true });
    expect(value('KS QD 5C')).toMatchObject({ total: 25, bust: true });
    expect(isTwoCardTwentyOne(parseCards(['AS', 'JD']))).toBe(true);
  });

  it('treats any two ten-valued cards as a pair', () => {
    expect(isPair(parseCards(['KS', 'QD']))).toBe(true);
    expect(isPair(parseCards(['KS', '9D']))).toBe(false);
  });
});

describe('dealer rules', () => {
  it('stands on 17, hits soft 17 only under H17', () => {
    expect(dealerShouldHit(16, false, false)).toBe(true);
    expect(dealerShouldHit(17, false, true)).toBe(false);
    expect(dealerShouldHit(7, true, false)).toBe(false); // soft 17
    expect(dealerShouldHit(7, true, true)).toBe(true);
    expect(dealerShouldHit(8, true, true)).toBe(false); // soft 18
  });

  it('peeks according to the table setting', () => {
    expect([1, 10, 9].map((up) => dealerPeeks('ace', up))).toEqual([true, false, false]);
    expect([1, 10, 9].map((up) => dealerPeeks('ace-and-ten', up))).toEqual([true, true, false]);
    expect([1, 10].map((up) => dealerPeeks('none', up))).toEqual([false, false]);
  });

  it('draws only when a hand in play can be affected', () => {
    expect(dealerNeedsCard(2, 12, false, false, 0, false)).toBe(false);
    expect(dealerNeedsCard(2, 12, false, false, 1, false)).toBe(true);
    expect(dealerNeedsCard(2, 11, true, false, 1, false)).toBe(false); // blackjack
    expect(dealerNeedsCard(1, 10, false, false, 0, false)).toBe(false); // no-hole-card, all settled
    expect(dealerNeedsCard(1, 10, false, false, 0, true)).toBe(true); // a player blackjack to check
  });
});
