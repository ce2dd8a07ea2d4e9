import { BACCARAT_BET_TYPES } from './bet-types';
import { exactBaccaratReturns, exactOutcomeCounts } from './exact';

describe('exact enumeration', () => {
  const six = exactBaccaratReturns(6, 'commission', 'rng');
  const eight = exactBaccaratReturns(8, 'commission');
  const eightNoCommission = exactBaccaratReturns(8, 'no-commission');

  it('reproduces the published 6-deck figures (docs/rules/baccarat.md#rng-baccarat): Banker 98.94%, Player 98.76%, Tie 85.56%', () => {
    expect(six.bets.banker.rtp.toFixed(4)).toBe('0.9894');
    expect(six.bets.player.rtp.toFixed(4)).toBe('0.9876');
    expect(six.bets.tie.rtp.toFixed(4)).toBe('0.8556');
  });

  it('reproduces the published 8-deck Banker 98.94%', () => {
    expect(eight.bets.banker.rtp.toFixed(4)).toBe('0.9894');
  });

  it('matches the well-known 8-deck outcome probabilities and edges', () => {
    expect(eight.probabilities.banker).toBeCloseTo(0.458597, 6);
    expect(eight.probabilities.player).toBeCloseTo(0.446247, 6);
    expect(eight.probabilities.tie).toBeCloseTo(0.095156, 6);
    expect(eight.bets.player.houseEdge).toBeCloseTo(0.012351, 6);
    expect(eight.bets.banker.houseEdge).toBeCloseTo(0.010579, 6);
    expect(eight.bets.tie.houseEdge).toBeCloseTo(0.143596, 6);
    expect(eightNoCommission.bets.banker.houseEdge).toBeCloseTo(0.014581, 6);
  });

  it('weights are exact integers that sum to N(N−1)…(N−5)', () => {
    for (const decks of [1, 6, 8]) {
      const counts = exactOutcomeCounts(decks);
      let sum = 0;
      for (const w of counts.weights) {
        expect(Number.isInteger(w)).toBe(true);
        sum += w;
      }
      expect(sum).toBe(counts.total);
      expect(counts.total).toBeLessThan(Number.MAX_SAFE_INTEGER);
    }
  });

  it('pair bets match the closed form: P(pair) = (4d − 1)/(52d − 1)', () => {
    for (const decks of [1, 6, 8]) {
      const report = exactBaccaratReturns(decks, 'commission');
      const pair = (4 * decks - 1) / (52 * decks - 1);
      expect(report.bets.playerPair.rtp).toBeCloseTo(12 * pair, 12);
      expect(report.bets.bankerPair.rtp).toBeCloseTo(12 * pair, 12);
    }
  });

  it('naturals match the closed form over two cards', () => {
    for (const decks of [6, 8]) {
      const n = 52 * decks;
      const perValue = (v: number) => (v === 0 ? 16 : 4) * decks;
      let ways = 0;
      for (let a = 0; a <= 9; a++) {
        for (let b = 0; b <= 9; b++) {
          if ((a + b) % 10 >= 8) ways += perValue(a) * (perValue(b) - (a === b ? 1 : 0));
        }
      }
      const p = ways / (n * (n - 1));
      const report = exactBaccaratReturns(decks, 'commission');
      expect(report.bets.playerNatural.rtp).toBeCloseTo(4.5 * p, 12);
      expect(report.bets.bankerNatural.rtp).toBeCloseTo(4.5 * p, 12);
    }
  });

  it('probabilities sum to 1 and the pay tables differ only on the Banker bet', () => {
    const { player, banker, tie } = eight.probabilities;
    expect(player + banker + tie).toBeCloseTo(1, 14);
    for (const type of BACCARAT_BET_TYPES) {
      if (type !== 'banker') expect(eightNoCommission.bets[type].rtp).toBeCloseTo(eight.bets[type].rtp, 14);
    }
  });

  it('report has the CLI shape', () => {
    expect(Object.keys(eight)).toEqual(['game', 'decks', 'variant', 'probabilities', 'bets']);
    expect(Object.keys(eight.bets)).toEqual([...BACCARAT_BET_TYPES]);
    expect(eight).toMatchObject({ game: 'baccarat', decks: 8, variant: 'commission' });
  });

  it('rejects impossible deck counts', () => {
    expect(() => exactOutcomeCounts(0)).toThrow(expect.objectContaining({ code: 'INVALID_DECKS' }));
    expect(() => exactOutcomeCounts(9)).toThrow(expect.objectContaining({ code: 'INVALID_DECKS' }));
  });
});
