import { CardError, parseCard, stackedSource } from '@casino/cards';
import { dealDuel, duelFromCards, duelRound, duelValue } from './duel';

describe('two-card duel', () => {
  it('counts the ace low or high, suits never', () => {
    expect(duelValue(parseCard('AS'), 'low')).toBe(1);
    expect(duelValue(parseCard('AS'), 'high')).toBe(14);
    expect(duelValue(parseCard('KD'), 'low')).toBe(13);
    expect(duelValue(parseCard('TD'), 'high')).toBe(10);
    expect(duelFromCards(['AS', 'KH'], 'low').winner).toBe('second');
    expect(duelFromCards(['AS', 'KH'], 'high').winner).toBe('first');
    expect(duelFromCards(['QS', 'JS'], 'low').winner).toBe('first');
  });

  it('ties on equal ranks; suited only when the suit matches too', () => {
    expect(duelFromCards(['7S', '7H'], 'low')).toMatchObject({ winner: 'tie', suited: false });
    expect(duelFromCards(['7S', '7S'], 'low')).toMatchObject({ winner: 'tie', suited: true });
    expect(duelFromCards(['AC', 'AC'], 'high')).toMatchObject({ winner: 'tie', suited: true });
  });

  it('deals the first side first', () => {
    const round = dealDuel(stackedSource(['2C', 'JH']), 'low');
    expect(round).toEqual({
      first: parseCard('2C'),
      second: parseCard('JH'),
      winner: 'second',
      suited: false,
    });
  });

  it('refuses anything but two cards', () => {
    expect(() => duelFromCards(['2C'], 'low')).toThrow(CardError);
    expect(() => duelFromCards(['2C', '3C', '4C'], 'low')).toThrow(CardError);
    expect(() => duelFromCards(['2C', '1X'], 'low')).toThrow(CardError);
  });

  it('is antisymmetric: swapping the cards swaps the winner', () => {
    for (let a = 0; a < 52; a++)
      for (let b = 0; b < 52; b++) {
        const ab = duelRound(a, b, 'high').winner;
        const ba = duelRound(b, a, 'high').winner;
        expect(ab === 'tie' ? ba === 'tie' : ab !== ba && ba !== 'tie').toBe(true);
      }
  });
});
