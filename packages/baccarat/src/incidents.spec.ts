import { cardToText, parseCards, stackedSource } from '@casino/cards';
import { carryExposedCards, incidentResolution, placeExposedCard, voidRound } from './incidents';
import { dealRound, nextCardFor } from './round';

describe('incidents', () => {
  it('malfunction and misdeal void the round; a lost connection voids it only before it started', () => {
    expect(incidentResolution('malfunction', true)).toBe('void');
    expect(incidentResolution('misdeal', true)).toBe('void');
    expect(incidentResolution('connection-lost', true)).toBe('continue');
    expect(incidentResolution('connection-lost', false)).toBe('void');
    expect(incidentResolution('cancelled', false)).toBe('void');
  });

  it('a void round refunds every stake in full', () => {
    const bets = [
      { id: 'a', stake: 100n },
      { id: 'b', stake: 2550n },
    ];
    const voided = voidRound('malfunction', bets);
    expect(voided.refunds.map((r) => [r.bet.id, r.returned])).toEqual([
      ['a', 100n],
      ['b', 2550n],
    ]);
    expect(voided.totalRefunded).toBe(2650n);
    expect(() => voidRound('misdeal', [{ stake: 0n }])).toThrow(
      expect.objectContaining({ code: 'INVALID_STAKE' }),
    );
  });

  it('a card exposed after a complete round is not burned: it is the first card of the next round', () => {
    const shoe = stackedSource(['4S', '2H', '4D', '3H', '9C', 'KD', '5S', '2C', '7H', 'AD']);
    const first = dealRound(shoe);
    expect(nextCardFor(first.cards)).toBe('none');
    // The dealer turns up one card too many (9C) after the natural.
    const exposed = shoe.draw();
    const next = dealRound(carryExposedCards([exposed], shoe));
    expect(next.playerCards.map(cardToText)).toEqual(['9C', '5S', '7H']);
    expect(next.bankerCards.map(cardToText)).toEqual(['KD', '2C', 'AD']);
  });

  it('a card exposed while the round still needs one takes its correct place in this round', () => {
    // Player 5, Banker 7: the dealer puts the fifth card on the Banker side by mistake; it is the Player's.
    const dealtSoFar = parseCards(['2S', 'KS', '3S', '7S']);
    expect(nextCardFor(dealtSoFar)).toBe('player');
    const round = dealRound(carryExposedCards([...dealtSoFar, ...parseCards(['4H'])], stackedSource([])));
    expect(round.playerCards.map(cardToText)).toEqual(['2S', '3S', '4H']);
  });

  it('rejects exposed entries that are not cards', () => {
    expect(() => carryExposedCards([60], stackedSource([]))).toThrow(
      expect.objectContaining({ code: 'INVALID_CARD' }),
    );
  });

  describe('placeExposedCard (docs/rules/baccarat.md#exposed-cards: used in its place in this or the next round, never burned)', () => {
    const card = (text: string) => parseCards([text])[0];

    it("a card exposed while the round needs one is that round's next card, on the side its position says", () => {
      // Player 2+3 = 5 draws: the fifth card is the Player's, wherever the dealer put it.
      const playerDue = parseCards(['2S', 'KS', '3S', '7S']);
      expect(placeExposedCard(card('4H'), playerDue)).toEqual({ round: 'this', index: 4, target: 'player' });
      const dealt = dealRound(carryExposedCards([...playerDue, card('4H')], stackedSource([])));
      expect(dealt.cards[4]).toBe(card('4H'));
      // Player 7 stands, Banker 3 draws: the fifth card is the Banker's.
      const bankerDue = parseCards(['4S', '2H', '3D', 'AH']);
      expect(placeExposedCard(card('9C'), bankerDue)).toEqual({ round: 'this', index: 4, target: 'banker' });
      expect(dealRound(carryExposedCards([...bankerDue, card('9C')], stackedSource([]))).bankerCards).toEqual(
        parseCards(['2H', 'AH', '9C']),
      );
      // A round not dealt yet (betting still open): the exposed card is its first card, the Player's.
      expect(placeExposedCard(card('QD'), [])).toEqual({ round: 'this', index: 0, target: 'player' });
    });

    it('a card exposed after the round is complete, or between rounds, opens the next round — as carryExposedCards deals it', () => {
      const shoe = stackedSource(['4S', '2H', '4D', '3H', '9C', 'KD', '5S', '2C', '7H', 'AD']);
      const first = dealRound(shoe);
      const exposed = shoe.draw();
      expect(placeExposedCard(exposed, first.cards)).toEqual({ round: 'next', index: 0, target: 'player' });
      expect(placeExposedCard(exposed, null)).toEqual({ round: 'next', index: 0, target: 'player' });
      // A second exposed card follows the first one: the next round's Banker card.
      const second = shoe.draw();
      expect(placeExposedCard(second, null, [exposed])).toEqual({
        round: 'next',
        index: 1,
        target: 'banker',
      });
      const next = dealRound(carryExposedCards([exposed, second], shoe));
      expect(next.cards.slice(0, 2)).toEqual([exposed, second]);
    });

    it('refuses a card for the round after next, a carry while this round still needs cards, and non-cards', () => {
      // Four carried cards with a natural already make the next round.
      const naturals = parseCards(['9S', '2H', 'KD', '3C']);
      expect(() => placeExposedCard(card('5D'), null, naturals)).toThrow(
        expect.objectContaining({ code: 'MISDEAL' }),
      );
      expect(() => placeExposedCard(card('5D'), parseCards(['2S']), [card('3S')])).toThrow(
        expect.objectContaining({ code: 'MISDEAL' }),
      );
      expect(() => placeExposedCard(60, null)).toThrow(expect.objectContaining({ code: 'INVALID_CARD' }));
    });
  });
});
