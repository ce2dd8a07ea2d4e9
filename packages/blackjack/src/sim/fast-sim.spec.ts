import { Card, CardSource, seededRandom, shuffleInPlace, standardDecks } from '@casino/cards';
import fc from 'fast-check';
import { BlackjackRules, resolveRules } from '../core/rules';
import { startRound } from '../round/start';
import { runWithSource } from '../round/run';
import { basicStrategyDecider } from '../strategy/basic-strategy';
import { settleRound } from '../round/settlement';
import { SeatNumber } from '../core/types';
import { FastBlackjackSimulator } from './fast-sim';

/** A card list read front to back that tells how far it has been read. */
class ListSource implements CardSource {
  position = 0;
  constructor(private readonly cards: ArrayLike<Card>) {}
  draw(): Card {
    if (this.position >= this.cards.length) throw new Error('list exhausted');
    return this.cards[this.position++];
  }
}

const STAKE = 1000n;

const rulesArb: fc.Arbitrary<BlackjackRules> = fc
  .record({
    peek: fc.constantFrom('ace' as const, 'ace-and-ten' as const, 'none' as const),
    dealerHitsSoft17: fc.boolean(),
    doubleAfterSplit: fc.boolean(),
    double: fc.constantFrom('any-two' as const, '9-11' as const, '10-11' as const, 'none' as const),
    maxSplitHands: fc.integer({ min: 1, max: 4 }),
    resplitAces: fc.boolean(),
    splitAcesOneCard: fc.boolean(),
    dealerHoleCard: fc.boolean(),
    sixToFive: fc.boolean(),
  })
  .map(({ sixToFive, dealerHoleCard, peek, ...rest }) =>
    resolveRules({
      ...rest,
      peek: dealerHoleCard ? peek : 'none',
      dealerHoleCard,
      blackjackPays: sixToFive ? { num: 6n, den: 5n } : { num: 3n, den: 2n },
    }),
  );

/** Shuffled 8-deck shoes, or card streams rich in aces, tens and pairs so that splits and resplits happen. */
const cardsArb = fc.oneof(
  fc.integer().map((seed) => shuffleInPlace(standardDecks(8), seededRandom(seed))),
  fc.array(fc.constantFrom(0, 1, 28, 29, 36, 37, 16, 4, 12, 20), { minLength: 400, maxLength: 400 }),
);

describe('fast simulator ≡ reducer', () => {
  it('gives the same results and draws the same cards on random shoes and rules', () => {
    fc.assert(
      fc.property(rulesArb, fc.integer({ min: 1, max: 7 }), cardsArb, (rules, seats, cards) => {
        const fast = new FastBlackjackSimulator(rules, seats);
        const fastSource = new ListSource(cards);
        const slowSource = new ListSource(cards);
        const bets = Array.from({ length: seats }, (_, i) => ({
          seat: (i + 1) as SeatNumber,
          playerId: 'bot',
          stake: STAKE,
        }));
        while (cards.length - fastSource.position > 60) {
          fast.playRound(fastSource);
          const { state } = runWithSource(startRound(rules, bets), slowSource, basicStrategyDecider);
          expect(slowSource.position).toBe(fastSource.position);
          settleRound(state).forEach((seat, i) => {
            const net = Number(seat.totalReturned - seat.totalStaked) / Number(STAKE);
            expect(fast.roundNet[i]).toBeCloseTo(net, 9);
          });
        }
      }),
      { numRuns: 150 },
    );
  });

  it('exercises splits, doubles and blackjacks along the way', () => {
    const rules = resolveRules({ maxSplitHands: 4 });
    const fast = new FastBlackjackSimulator(rules, 7);
    const source = new ListSource(shuffleInPlace(standardDecks(8), seededRandom('coverage')));
    while (source.position < 300) fast.playRound(source);
    const t = fast.totals;
    expect(t.splits).toBeGreaterThan(0);
    expect(t.doubles).toBeGreaterThan(0);
    expect(t.blackjacks).toBeGreaterThan(0);
    expect(t.wins + t.pushes + t.losses).toBe(t.hands);
  });
});
