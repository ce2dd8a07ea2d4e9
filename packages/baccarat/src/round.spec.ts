import { cardToText, parseCards, stackedSource } from '@casino/cards';
import { BaccaratError } from './errors';
import { checkCardRecord, dealRound, nextCardFor, outcomeFromCards } from './round';

const texts = (cards: readonly number[]) => cards.map(cardToText);

function expectMisdeal(cards: string[]): void {
  try {
    outcomeFromCards(parseCards(cards));
  } catch (error) {
    expect(error).toBeInstanceOf(BaccaratError);
    expect((error as BaccaratError).code).toBe('MISDEAL');
    return;
  }
  throw new Error(`expected MISDEAL for ${cards.join(' ')}`);
}

describe('dealRound', () => {
  it('deals P, B, P, B then third cards (rules example: P(A,3,5)=9 beats B(J,2,A)=3)', () => {
    const outcome = dealRound(stackedSource(['AS', 'JS', '3S', '2S', '5S', 'AH']));
    expect(texts(outcome.playerCards)).toEqual(['AS', '3S', '5S']);
    expect(texts(outcome.bankerCards)).toEqual(['JS', '2S', 'AH']);
    expect(texts(outcome.cards)).toEqual(['AS', 'JS', '3S', '2S', '5S', 'AH']);
    expect(outcome).toMatchObject({ winner: 'player', playerTotal: 9, bankerTotal: 3, luckySix: 'none' });
  });

  it('reports a tie', () => {
    const outcome = dealRound(stackedSource(['KS', 'QH', '7S', '7D']));
    expect(outcome).toMatchObject({ winner: 'tie', playerTotal: 7, bankerTotal: 7 });
  });

  it('reports pairs by rank and naturals', () => {
    const outcome = dealRound(stackedSource(['4S', '9H', '4D', 'TH']));
    expect(outcome).toMatchObject({
      playerPair: true,
      bankerPair: false,
      playerNatural: true,
      bankerNatural: true,
      playerTotal: 8,
      bankerTotal: 9,
      winner: 'banker',
    });
  });

  it('Lucky Six with two and with three Banker cards', () => {
    // Player 5 draws a K and stays 5; Banker 6 stands on P3 0 and wins with two cards.
    expect(dealRound(stackedSource(['KS', '3H', '5S', '3D', 'KD'])).luckySix).toBe('two-cards');
    // Player 5 draws a K (P3 0); Banker 2 draws a 4 -> 6 beats 5.
    const three = dealRound(stackedSource(['2S', 'AH', '3S', 'AD', 'KH', '4C']));
    expect(three).toMatchObject({ winner: 'banker', bankerTotal: 6, luckySix: 'three-cards' });
    // Banker 6 in a tie is no Lucky Six.
    expect(dealRound(stackedSource(['KS', '3H', '6S', '3D'])).luckySix).toBe('none');
  });

  it('rejects a source that returns something that is not a card', () => {
    const bad = { draw: () => 77 };
    expect(() => dealRound(bad)).toThrow(expect.objectContaining({ code: 'INVALID_CARD' }));
  });
});

describe('outcomeFromCards', () => {
  it('recomputes a recorded round', () => {
    const outcome = outcomeFromCards(parseCards(['AS', 'JS', '3S', '2S', '5S', 'AH']));
    expect(outcome).toEqual(dealRound(stackedSource(['AS', 'JS', '3S', '2S', '5S', 'AH'])));
  });

  it('rejects a record with too few cards for the rules (Player 5 must draw)', () => {
    expectMisdeal(['2S', 'KS', '3S', '7S']);
  });

  it('rejects a Banker third card that the table forbids (Banker 7 stands)', () => {
    expectMisdeal(['2S', 'KS', '3S', '7S', '4S', '9H']);
  });

  it('rejects a missing Banker third card (Banker 2 always draws)', () => {
    expectMisdeal(['2S', 'AS', '3S', 'AH', '4S']);
  });

  it('rejects any card after a natural', () => {
    expectMisdeal(['4S', '2H', '4D', '3H', 'KS']);
  });

  it('rejects fewer than 4 or more than 6 cards', () => {
    expectMisdeal([]);
    expectMisdeal(['AS', 'AH', 'AD']);
    expectMisdeal(['AS', 'AH', 'AD', 'AC', '2S', '2H', '2D']);
  });

  it('rejects entries that are not cards', () => {
    expect(() => outcomeFromCards([0, 1, 2, 52])).toThrow(expect.objectContaining({ code: 'INVALID_CARD' }));
    expect(() => outcomeFromCards([0, 1, 2, 1.5])).toThrow(expect.objectContaining({ code: 'INVALID_CARD' }));
    expect(() => outcomeFromCards('AS JS' as unknown as number[])).toThrow(
      expect.objectContaining({ code: 'INVALID_CARD' }),
    );
  });

  it('checkCardRecord reports instead of throwing', () => {
    const good = checkCardRecord(parseCards(['KS', 'QH', '7S', '7D']));
    expect(good.ok && good.outcome.winner).toBe('tie');
    expect(checkCardRecord(parseCards(['KS', 'QH', '7S', '7D', '2S']))).toMatchObject({
      ok: false,
      code: 'MISDEAL',
    });
    expect(checkCardRecord([99, 1, 2, 3])).toMatchObject({ ok: false, code: 'INVALID_CARD' });
  });
});

describe('nextCardFor', () => {
  it('follows the deal order and the drawing rules card by card', () => {
    const record = parseCards(['AS', 'JS', '3S', '2S', '5S', 'AH']);
    const targets = record.map((_, i) => nextCardFor(record.slice(0, i)));
    expect(targets).toEqual(['player', 'banker', 'player', 'banker', 'player', 'banker']);
    expect(nextCardFor(record)).toBe('none');
  });

  it('sends the fifth card to the Banker when the Player stood', () => {
    expect(nextCardFor(parseCards(['7S', 'AS', 'KS', '2S']))).toBe('banker');
    expect(nextCardFor(parseCards(['7S', 'AS', 'KS', '2S', '3H']))).toBe('none');
  });

  it('says none after a natural, and MISDEAL past the end', () => {
    expect(nextCardFor(parseCards(['4S', '2H', '4D', '3H']))).toBe('none');
    expect(() => nextCardFor(parseCards(['4S', '2H', '4D', '3H', '5S']))).toThrow(
      expect.objectContaining({ code: 'MISDEAL' }),
    );
  });
});
