import { createShoe, seededRandom } from '@casino/cards';
import {
  applyEvent,
  emptyBaccarat,
  fromSnapshot,
  sideBetOpen,
  stakesByType,
  targetsOf,
} from '../../src/tables/baccarat/baccarat-state';
import { verifyRevealedShoe } from '../../src/tables/baccarat/shoe-verify';

describe('baccarat view state', () => {
  it('gives each card of a round record to its hand (third cards by the drawing rules)', () => {
    // Player 2+3 = 5 draws; Banker's third comes after.
    expect(targetsOf(['2S', 'KH', '3D', 'QC', '4H', '9S']).map((c) => c.target)).toEqual([
      'player',
      'banker',
      'player',
      'banker',
      'player',
      'banker',
    ]);
    // Player 6 stands: the fifth card is the Banker's.
    expect(targetsOf(['KC', 'KS', '6H', 'KD', 'TC']).map((c) => c.target)).toEqual([
      'player',
      'banker',
      'player',
      'banker',
      'banker',
    ]);
  });

  it("rebuilds the view from a join snapshot: phase, countdown on this clock, own bets, this shoe's results", () => {
    const history = [
      {
        roundId: 'old',
        winner: 'tie',
        playerTotal: 5,
        bankerTotal: 5,
        cards: [],
        playerPair: false,
        bankerPair: false,
      },
      {
        roundId: 'r1',
        winner: 'banker',
        playerTotal: 2,
        bankerTotal: 7,
        cards: [],
        playerPair: false,
        bankerPair: true,
      },
    ];
    const snap = {
      tableId: 'bac-1',
      variant: 'no-commission',
      currency: 'EUR',
      phase: 'betting',
      betTypes: ['player', 'banker', 'tie', 'luckySix'],
      limits: { player: { min: '100', max: '1000000' } },
      sideBetLastRound: { luckySix: 1 },
      timers: { bettingMs: 5000 },
      shoe: { shoeId: 's1', commitment: { algorithm: 'sha256', decks: 8, cardCount: 416, hash: 'ab' } },
      round: {
        roundId: 'r2',
        number: 2,
        closesAt: 10_000,
        cards: [],
        myBets: [{ ref: 'c1', status: 'accepted', stake: '500', bet: { game: 'baccarat', type: 'player' } }],
      },
      history,
    };
    const s = fromSnapshot(emptyBaccarat('bac-1'), snap, 250);
    expect(s).toMatchObject({ phase: 'betting', roundNumber: 2, closesAt: 10_250, variant: 'no-commission' });
    expect(s.results.map((r) => r.roundId)).toEqual(['r1']);
    expect(stakesByType(s.myBets)).toEqual({ player: 500n });
    expect(sideBetOpen(s, 'luckySix')).toBe(false);
    expect(sideBetOpen(s, 'tie')).toBe(true);
  });

  it("follows a round: cards, result on the roads once, the ledger's decisions by ref", () => {
    let s = applyEvent(
      emptyBaccarat('bac-1'),
      'round:opened',
      { roundId: 'r9', number: 9, closesAt: 100 },
      0,
    );
    s = { ...s, myBets: [{ ref: 'c1', type: 'tie', stake: '100', status: 'pending' }] };
    s = applyEvent(s, 'bet:accepted', { ref: 'c1', stake: '100', bet: { type: 'tie' } }, 0);
    expect(s.myBets[0].status).toBe('accepted');
    s = applyEvent(
      s,
      'bet:rejected',
      { ref: 'c2', stake: '100', bet: { type: 'banker' }, code: 'OPPOSING_BETS' },
      0,
    );
    expect(s.myBets).toHaveLength(1);
    s = applyEvent(s, 'round:closed', { roundId: 'r9' }, 0);
    s = applyEvent(s, 'round:card', { index: 0, card: '9S', target: 'player' }, 0);
    const result = {
      roundId: 'r9',
      winner: 'player',
      playerTotal: 9,
      bankerTotal: 3,
      cards: ['9S', '3H', 'KC', 'KD'],
    };
    s = applyEvent(s, 'round:result', result, 0);
    s = applyEvent(s, 'round:result', result, 0);
    expect(s.results.map((r) => r.roundId)).toEqual(['r9']);
    expect(s.cards.map((c) => c.card)).toEqual(['9S', '3H', 'KC', 'KD']);
    expect(s.phase).toBe('result');
  });
});

describe('verifyRevealedShoe', () => {
  it('recomputes the commitment of @casino/cards with Web Crypto, and refuses a changed order', async () => {
    const shoe = createShoe({ decks: 1 }, seededRandom('verify'));
    const commitment = shoe.commitment();
    shoe.close();
    const { order, salt } = shoe.reveal();
    expect(await verifyRevealedShoe({ shoeId: 's', commitment, order, salt })).toBe(true);
    const swapped = [order[1], order[0], ...order.slice(2)];
    expect(await verifyRevealedShoe({ shoeId: 's', commitment, order: swapped, salt })).toBe(false);
  });

  it('shows a card exposed out of order the moment it is exposed, marks it in its hand, and keeps one for the next round', () => {
    let s = applyEvent(emptyBaccarat('t'), 'round:opened', { roundId: 'r1', number: 1, closesAt: 1 }, 0);
    s = applyEvent(
      s,
      'table:exposedCard',
      { tableId: 't', card: 'QH', round: 'this', index: 0, target: 'player', roundId: 'r1' },
      0,
    );
    expect(s.exposedCards).toEqual([
      { card: 'QH', round: 'this', index: 0, target: 'player', noBetRound: false, carried: false },
    ]);
    s = applyEvent(s, 'round:closed', { roundId: 'r1' }, 0);
    s = applyEvent(
      s,
      'round:card',
      { roundId: 'r1', index: 0, card: 'QH', target: 'player', exposed: true },
      0,
    );
    expect(s.exposedIndices).toEqual([0]);
    s = applyEvent(
      s,
      'round:result',
      { roundId: 'r1', winner: 'player', cards: ['QH', '2D', '9S', 'KC'], exposed: [0] },
      0,
    );
    expect(s.exposedCards).toEqual([]);
    expect(s.exposedIndices).toEqual([0]);

    // After the result: the next round's first card, no-bet on the manager's decision.
    s = applyEvent(
      s,
      'table:exposedCard',
      { card: '8S', round: 'next', index: 0, target: 'player', noBetRound: true },
      0,
    );
    expect(s.exposedCards).toEqual([
      { card: '8S', round: 'next', index: 0, target: 'player', noBetRound: true, carried: false },
    ]);
    s = applyEvent(s, 'round:opened', { roundId: 'r2', number: 2, noBet: true, exposedCards: ['8S'] }, 0);
    expect(s.exposedCards).toEqual([
      { card: '8S', round: 'this', index: 0, target: 'player', noBetRound: true, carried: true },
    ]);
    expect(s.exposedIndices).toEqual([]);

    // After the shoe's last round: shown, dealt by no round.
    s = applyEvent(s, 'table:exposedCard', { card: '9C', round: 'none' }, 0);
    expect(s.exposedCards.at(-1)).toEqual({
      card: '9C',
      round: 'none',
      index: 0,
      target: null,
      noBetRound: false,
      carried: false,
    });
  });

  it('reads the exposed cards of a join snapshot', () => {
    const s = fromSnapshot(
      emptyBaccarat('t'),
      {
        tableId: 't',
        phase: 'result',
        round: { roundId: 'r1', number: 3, cards: ['2S', 'KH', '3D', 'QC', '4H'], exposed: [4] },
        exposedCards: [
          { card: '7C', round: 'next', index: 0, target: 'player', reason: 'exposed out of order' },
        ],
      },
      0,
    );
    expect(s.exposedIndices).toEqual([4]);
    expect(s.exposedCards).toEqual([
      { card: '7C', round: 'next', index: 0, target: 'player', noBetRound: false, carried: false },
    ]);
  });
});
