import { baccaratHands } from '../../src/history/baccarat-hands';

describe('baccaratHands', () => {
  it('splits four cards P, B, P, B', () => {
    expect(baccaratHands(['9S', '8S', 'KS', 'KH'])).toEqual({ player: ['9S', 'KS'], banker: ['8S', 'KH'] });
  });
  it('gives a fifth card to a drawing Player, a sixth to the Banker', () => {
    expect(baccaratHands(['2S', '3S', '2H', '3H', '4C', '5D'])).toEqual({
      player: ['2S', '2H', '4C'],
      banker: ['3S', '3H', '5D'],
    });
  });
  it('gives a fifth card to the Banker when the Player stands on 6 or 7', () => {
    expect(baccaratHands(['3S', '2S', '4H', 'AH', '5C'])).toEqual({
      player: ['3S', '4H'],
      banker: ['2S', 'AH', '5C'],
    });
  });
});
