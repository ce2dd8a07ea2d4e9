import { dealRound, DEFAULT_SIDE_BET_LAST_ROUND, sideBetCutoffProblem } from '@casino/baccarat';
import { handValue } from '@casino/blackjack';
import { cardToText, createShoe, seededRandom } from '@casino/cards';
import { betSpotKey } from '@casino/games';
import { allBets, coverage, winningNumbers } from '@casino/roulette';
import { emptyBaccarat, sideBetOpen, targetsOf } from '../../src/tables/baccarat/baccarat-state';
import { blackjackTotal } from '../../src/tables/blackjack/blackjack-state';
import {
  coveredNumbers,
  specKey,
  specNumbers,
  type RouletteSpec,
} from '../../src/tables/roulette/roulette-state';

// The client shows what the engines decide (docs/architecture.md, "Adding a game"): these compare the client's
// readings with the engines' own over many rounds and every bet, so a rule copied back into the client and
// drifting from the engine fails here.

describe('the client reads the engines, not copies of their rules', () => {
  it("baccarat: every card of 2,000 dealt rounds lands in the engine's hand", () => {
    const shoe = createShoe({ decks: 8 }, seededRandom('player-web-drift'));
    for (let round = 0; round < 2000; round++) {
      if (shoe.remaining < 6) break;
      const outcome = dealRound(shoe);
      const cards = outcome.cards.map(cardToText);
      const shown = targetsOf(cards);
      expect(shown.filter((c) => c.target === 'player').map((c) => c.card)).toEqual(
        outcome.playerCards.map(cardToText),
      );
      expect(shown.filter((c) => c.target === 'banker').map((c) => c.card)).toEqual(
        outcome.bankerCards.map(cardToText),
      );
    }
  });

  it("baccarat: a side bet is open exactly while the engine's cut-off allows it", () => {
    const lastRounds = { ...DEFAULT_SIDE_BET_LAST_ROUND } as Record<string, number>;
    for (const type of [...Object.keys(lastRounds), 'player']) {
      for (let roundNumber = 1; roundNumber <= 80; roundNumber++) {
        const s = { ...emptyBaccarat('t'), roundNumber, sideBetLastRound: lastRounds };
        expect([type, roundNumber, sideBetOpen(s, type)]).toEqual([
          type,
          roundNumber,
          sideBetCutoffProblem(type, roundNumber, lastRounds) === null,
        ]);
      }
    }
  });

  it("blackjack: the dealer's shown total is the engine's hand value", () => {
    const shoe = createShoe({ decks: 6 }, seededRandom('player-web-bj'));
    for (let hand = 0; hand < 80; hand++) {
      const cards = Array.from({ length: 2 + (hand % 4) }, () => shoe.draw());
      expect(blackjackTotal(cards.map(cardToText))).toBe(handValue(cards).total);
    }
  });

  it("roulette: every bet's numbers, coverage and spot key are the engine's and the definition's", () => {
    for (const bet of allBets()) {
      const spec = bet as unknown as RouletteSpec;
      expect(specNumbers(spec)).toEqual(winningNumbers(bet));
      expect(specKey(spec)).toBe(
        betSpotKey({ game: 'roulette', spec: bet } as Parameters<typeof betSpotKey>[0]),
      );
    }
    const bets = allBets().filter((_, i) => i % 17 === 0);
    const mine = bets.map((b, i) => ({
      ref: String(i),
      spec: b as unknown as RouletteSpec,
      stake: '100',
      status: 'accepted' as const,
    }));
    expect([...coveredNumbers(mine)].sort((a, b) => a - b)).toEqual(coverage(bets).numbers);
    // One spot key on the wire and in the view: the ledger's per-spot maximum counts chips on one spot together.
    expect(specKey({ type: 'split', numbers: [5, 2] })).toBe('split:2-5');
  });
});
