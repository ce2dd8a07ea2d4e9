import { createShoe, seededRandom, stackedSource } from '@casino/cards';
import fc from 'fast-check';
import { BACCARAT_BET_TYPES } from './bet-types';
import { FastSettler } from './fast-settle';
import { RoundState, dealInto, toOutcome } from './round-state';
import { dealRound, nextCardFor, outcomeFromCards } from './round';
import { settleBet } from './settle';

const card = fc.integer({ min: 0, max: 51 });
/** Six cards are always enough for one round. */
const sixCards = fc.array(card, { minLength: 6, maxLength: 6 });

function dealFromShoe(seed: number, rounds: number) {
  const shoe = createShoe({ decks: 8 }, seededRandom(seed));
  shoe.burn();
  return Array.from({ length: rounds }, () => dealRound(shoe));
}

describe('properties', () => {
  it('a round deals 4 to 6 cards, at most 3 per side, totals 0–9, and draws only what it uses', () => {
    fc.assert(
      fc.property(sixCards, (cards) => {
        let drawn = 0;
        const inner = stackedSource(cards);
        const outcome = dealRound({ draw: () => (drawn++, inner.draw()) });
        expect(outcome.cards.length).toBeGreaterThanOrEqual(4);
        expect(outcome.cards.length).toBeLessThanOrEqual(6);
        expect(drawn).toBe(outcome.cards.length);
        expect(outcome.playerCards.length).toBeLessThanOrEqual(3);
        expect(outcome.bankerCards.length).toBeLessThanOrEqual(3);
        expect(outcome.playerCards.length + outcome.bankerCards.length).toBe(outcome.cards.length);
        for (const total of [outcome.playerTotal, outcome.bankerTotal]) {
          expect(Number.isInteger(total) && total >= 0 && total <= 9).toBe(true);
        }
        const expectedWinner =
          outcome.playerTotal > outcome.bankerTotal
            ? 'player'
            : outcome.bankerTotal > outcome.playerTotal
              ? 'banker'
              : 'tie';
        expect(outcome.winner).toBe(expectedWinner);
      }),
      { numRuns: 2000 },
    );
  });

  it('dealRound and outcomeFromCards agree; any shorter or longer record is a misdeal', () => {
    fc.assert(
      fc.property(sixCards, card, (cards, extra) => {
        const outcome = dealRound(stackedSource(cards));
        expect(outcomeFromCards(outcome.cards)).toEqual(outcome);
        expect(nextCardFor(outcome.cards)).toBe('none');
        expect(() => outcomeFromCards(outcome.cards.slice(0, -1))).toThrow(
          expect.objectContaining({ code: 'MISDEAL' }),
        );
        expect(() => outcomeFromCards([...outcome.cards, extra])).toThrow(
          expect.objectContaining({ code: 'MISDEAL' }),
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('the allocation-free fast path gives the same outcome as dealRound', () => {
    const state = new RoundState();
    fc.assert(
      fc.property(sixCards, (cards) => {
        dealInto(stackedSource(cards), state);
        expect(toOutcome(state)).toEqual(dealRound(stackedSource(cards)));
      }),
      { numRuns: 1000 },
    );
  });

  it('fast settlement agrees with settleBet for any outcome, stake and pay table', () => {
    const settlers = {
      commission: new FastSettler('commission'),
      'no-commission': new FastSettler('no-commission'),
    };
    fc.assert(
      fc.property(
        sixCards,
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.constantFrom('commission' as const, 'no-commission' as const),
        (cards, stake, table) => {
          const outcome = dealRound(stackedSource(cards));
          for (const type of BACCARAT_BET_TYPES) {
            const exact = settleBet(type, BigInt(stake), outcome, table);
            expect(settlers[table].returned(type, outcome, stake)).toBe(Number(exact.returned));
            expect(exact.returned).toBe(exact.result === 'win' ? BigInt(stake) + exact.win : exact.returned);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('same seed, same rounds; a different seed, different rounds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (seed) => {
        expect(dealFromShoe(seed, 20)).toEqual(dealFromShoe(seed, 20));
      }),
      { numRuns: 10 },
    );
    expect(dealFromShoe(1, 20)).not.toEqual(dealFromShoe(2, 20));
  });
});
