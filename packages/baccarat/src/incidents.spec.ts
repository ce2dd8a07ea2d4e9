import { cardToText, parseCards, stackedSource } from '@casino/cards';
import { carryExposedCards, incidentResolution, voidRound } from './incidents';
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
});
