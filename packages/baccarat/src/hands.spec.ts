import { cardSides, handsOfCards, handTotalOfCards } from './hands';

describe('hands from cards as text', () => {
  it('totals a hand: A is 1, tens and pictures 0, mod 10', () => {
    expect(handTotalOfCards(['AS', '9H'])).toBe(0);
    expect(handTotalOfCards(['KD', 'TC', '7S'])).toBe(7);
    expect(handTotalOfCards(['5H', '4D'])).toBe(9);
  });

  it('gives a fifth card to the Player when the Player drew (0–5, no natural)', () => {
    // P 2+3 = 5 draws; B K+6 = 6 stands on a Player third card of 9 → no sixth card.
    expect(handsOfCards(['2S', 'KH', '3D', '6C', '9S'])).toEqual({
      player: ['2S', '3D', '9S'],
      banker: ['KH', '6C'],
    });
  });

  it('gives a fifth card to the Banker when the Player stood', () => {
    // P 7 stands; B 2+2 = 4 draws.
    expect(handsOfCards(['3S', '2H', '4D', '2C', 'QS'])).toEqual({
      player: ['3S', '4D'],
      banker: ['2H', '2C', 'QS'],
    });
  });

  it('splits a round in progress card by card', () => {
    expect(cardSides(['2S', 'KH', '3D'])).toEqual(['player', 'banker', 'player']);
    expect(handsOfCards(['2S', 'KH', '3D', '6C'])).toEqual({ player: ['2S', '3D'], banker: ['KH', '6C'] });
  });

  it('refuses a record the rules do not deal: a fifth card after a natural', () => {
    expect(cardSides(['9S', '2H', 'KD', '3C', '4S'])).toEqual(['player', 'banker', 'player', 'banker', null]);
    expect(handsOfCards(['9S', '2H', 'KD', '3C', '4S'])).toBeNull();
  });

  it('refuses an unreadable card and everything after it', () => {
    expect(cardSides(['2S', 'XX', '3D'])).toEqual(['player', null, null]);
    expect(handsOfCards(['2S', 'XX'])).toBeNull();
  });
});
