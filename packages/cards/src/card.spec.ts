import { cardRank, cardSuit, cardToText, makeCard, parseCard, stackedSource } from './card';

describe('card', () => {
  it('round-trips every card through its text form', () => {
    for (let c = 0; c < 52; c++) expect(parseCard(cardToText(c))).toBe(c);
  });

  it('reads rank and suit', () => {
    const tenOfDiamonds = parseCard('TD');
    expect(cardRank(tenOfDiamonds)).toBe(10);
    expect(cardSuit(tenOfDiamonds)).toBe('D');
    expect(makeCard(13, 'H')).toBe(parseCard('KH'));
    expect(parseCard('10D')).toBe(tenOfDiamonds);
  });

  it('rejects anything that is not a card with a code', () => {
    expect(() => parseCard('1S')).toThrow(expect.objectContaining({ code: 'INVALID_CARD' }));
  });

  it('draws a stacked source in order and then fails', () => {
    const source = stackedSource(['AS', 'KH']);
    expect([source.draw(), source.draw()].map(cardToText)).toEqual(['AS', 'KH']);
    expect(() => source.draw()).toThrow(expect.objectContaining({ code: 'SHOE_EXHAUSTED' }));
  });
});
