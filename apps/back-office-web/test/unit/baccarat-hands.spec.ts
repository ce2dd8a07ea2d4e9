import { handsOfCards, handTotalOfCards } from '@casino/baccarat';

// The round page and the studio console split a round's cards with the engine's own drawing rules.
describe('the hands the back office shows (the engine: handsOfCards)', () => {
  it('splits the dealing order into hands', () => {
    expect(handsOfCards(['9H', '2C', 'KD', '3S'])).toEqual({ player: ['9H', 'KD'], banker: ['2C', '3S'] });
    // Player 2+3=5 draws the fifth card, the Banker the sixth.
    expect(handsOfCards(['2H', 'KC', '3D', '4S', '5C', '6D'])).toEqual({
      player: ['2H', '3D', '5C'],
      banker: ['KC', '4S', '6D'],
    });
    // Player 7 stands: the fifth card is the Banker's.
    expect(handsOfCards(['3H', 'KC', '4D', '2S', '9C'])).toEqual({
      player: ['3H', '4D'],
      banker: ['KC', '2S', '9C'],
    });
    expect(handTotalOfCards(['9H', 'KD', 'AS'])).toBe(0);
    // A fifth card after a natural cannot have been dealt: no hands.
    expect(handsOfCards(['9H', '2C', 'KD', '3S', '5H'])).toBeNull();
  });
});
