import { RoundState, ShoeRunner, defaultTableRules } from '@casino/baccarat';
import { seededRandom } from '@casino/cards';
import { RoadResult } from '@casino/roads';

/**
 * `count` complete shoes of results dealt by the real engine at a default live commission table (8 decks, burn,
 * cut card), from a seeded source so that every run measures the same shoes.
 */
export function dealShoes(count: number, seed: string): RoadResult[][] {
  const runner = new ShoeRunner(defaultTableRules('commission'), seededRandom(seed));
  const state = new RoundState();
  const shoes: RoadResult[][] = [];
  let current: RoadResult[] = [];
  // One shoe more than asked: a shoe is complete once the next one has started.
  while (shoes.length < count) {
    const before = runner.shoesUsed;
    runner.nextRound(state);
    if (runner.shoesUsed !== before && current.length > 0) {
      shoes.push(current);
      current = [];
    }
    current.push({
      winner: state.winner,
      playerPair: state.playerPair,
      bankerPair: state.bankerPair,
      playerNatural: state.playerNatural,
      bankerNatural: state.bankerNatural,
    });
  }
  return shoes;
}
