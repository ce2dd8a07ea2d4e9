import { cardToText, createShoe, seededRandom, Shoe } from '@casino/cards';
import { buildEvent, ShoeRevealedEvent } from '@casino/events';
import { auditShoeReveal, DealtRound, dealtCards } from './shoe-audit';

/** A 1-deck shoe: burns one card, deals two baccarat rounds of 4 cards, then is revealed. */
type BaccaratRound = DealtRound & { result: { game: 'baccarat'; cards: string[] } };

function dealtShoe(): { shoe: Shoe; rounds: BaccaratRound[] } {
  const shoe = createShoe({ decks: 1 }, seededRandom('audit'));
  const hash = shoe.commitment().hash;
  shoe.draw(); // burned
  const rounds = ['r1', 'r2'].map((roundId) => ({
    roundId,
    announcedHash: hash,
    result: { game: 'baccarat' as const, cards: [0, 1, 2, 3].map(() => cardToText(shoe.draw())) },
  }));
  shoe.close();
  return { shoe, rounds };
}

function revealed(shoe: Shoe, order = shoe.reveal().order): ShoeRevealedEvent {
  return buildEvent('ShoeRevealed', {
    tableId: 'bac-1',
    game: 'baccarat',
    shoeId: 'shoe-1',
    commitment: shoe.commitment(),
    reveal: { ...shoe.reveal(), order },
    roundsDealt: 2,
  });
}

describe('auditShoeReveal', () => {
  it('accepts an honest shoe and counts the burned card as skipped', () => {
    const { shoe, rounds } = dealtShoe();
    expect(auditShoeReveal(revealed(shoe), rounds)).toEqual({
      roundsChecked: 2,
      cardsMatched: 8,
      cardsSkipped: 1,
    });
  });

  it('ignores voided rounds (no result) but still checks the others', () => {
    const { shoe, rounds } = dealtShoe();
    const audit = auditShoeReveal(revealed(shoe), [{ ...rounds[0], result: null }, rounds[1]]);
    expect(audit).toEqual({ roundsChecked: 2, cardsMatched: 4, cardsSkipped: 5 });
  });

  it('fails a reveal that does not match its commitment', () => {
    const { shoe, rounds } = dealtShoe();
    const order = [...shoe.reveal().order];
    [order[10], order[11]] = [order[11], order[10]];
    expect(auditShoeReveal(revealed(shoe, order), rounds).problem?.code).toBe('COMMITMENT_FAILED');
  });

  it('fails when a round announced another hash', () => {
    const { shoe, rounds } = dealtShoe();
    const audit = auditShoeReveal(revealed(shoe), [
      rounds[0],
      { ...rounds[1], announcedHash: 'f'.repeat(64) },
    ]);
    expect(audit.problem).toEqual({ code: 'HASH_NOT_ANNOUNCED', message: expect.stringContaining('r2') });
  });

  it('fails when the cards dealt are not the next cards of the shoe', () => {
    const { shoe, rounds } = dealtShoe();
    const cards = rounds[1].result.cards;
    const swapped = {
      ...rounds[1],
      result: { game: 'baccarat' as const, cards: [cards[1], cards[0], ...cards.slice(2)] },
    };
    const audit = auditShoeReveal(revealed(shoe), [rounds[0], swapped]);
    expect(audit.problem?.code).toBe('CARDS_NOT_IN_SHOE_ORDER');
  });
});

describe('dealtCards', () => {
  it("takes a result's cards from its game's definition", () => {
    expect(dealtCards({ game: 'baccarat', cards: ['9H', '2C', 'KD', '3S'] })).toEqual([
      '9H',
      '2C',
      'KD',
      '3S',
    ]);
    const inputs = [
      { kind: 'card' as const, card: 'AS' },
      { kind: 'timeout' as const },
      { kind: 'card' as const, card: 'TD' },
    ];
    expect(dealtCards({ game: 'blackjack', seats: [], inputs })).toEqual(['AS', 'TD']);
    // The two-card games: Dragon's (Home's) card, then Tiger's (Away's).
    expect(dealtCards({ game: 'dragonTiger', cards: ['KS', '4H'] })).toEqual(['KS', '4H']);
    expect(dealtCards({ game: 'footballStudio', cards: ['2D', 'AC'] })).toEqual(['2D', 'AC']);
    // Roulette's definition says it has no shoe.
    expect(dealtCards({ game: 'roulette', pocket: 3, revolutions: 5 })).toEqual([]);
  });

  it('refuses a result of a game outside the registry instead of skipping its cards', () => {
    expect(() => dealtCards({ game: 'keno', cards: ['AS'] } as never)).toThrow(/no game "keno"/);
  });
});
