import { Ratio, ratioToNumber } from '@casino/game-kit';
import { duelMoments, duelOutcomeCounts, exactDuelReturns } from './exact';
import { DuelGameRules } from './pay-table';

const rules: DuelGameRules<'a' | 'b' | 'tie' | 'suited'> = {
  id: 'duel',
  title: 'Duel',
  ace: 'low',
  sides: ['A', 'B'],
  decks: 8,
  betKeys: ['a', 'b', 'tie', 'suited'],
  payTable: {
    a: { role: 'first', pays: 1n },
    b: { role: 'second', pays: 1n },
    tie: { role: 'tie', pays: 11n },
    suited: { role: 'suitedTie', pays: 50n },
  },
};

describe('exact two-card math', () => {
  it('counts every ordered draw of an 8-deck shoe once', () => {
    const { total, counts } = duelOutcomeCounts(8, 'low');
    expect(total).toBe(416n * 415n);
    expect(counts.first + counts.second + counts.tie + counts.suitedTie).toBe(total);
    // A tie: 13 ranks × 32 × 31 ordered pairs; suited: 52 cards × 8 × 7.
    expect(counts.tie + counts.suitedTie).toBe(13n * 32n * 31n);
    expect(counts.suitedTie).toBe(52n * 8n * 7n);
    expect(counts.first).toBe(counts.second);
    // The ace's place changes who wins, never how often.
    expect(duelOutcomeCounts(8, 'high')).toEqual(duelOutcomeCounts(8, 'low'));
  });

  it('gives the closed forms as reduced fractions', () => {
    const report = exactDuelReturns(rules);
    const rtpOf = (key: string) => report.bets.get(key as 'a')?.rtp as Ratio;
    const T = 416n * 415n;
    const ties = 13n * 32n * 31n;
    const suited = 52n * 8n * 7n;
    // side: 2·P(win) + ½·P(tie) = (T − ties + ties/2)/T
    expect(ratioToNumber(rtpOf('a'))).toBeCloseTo(Number(2n * T - ties) / Number(2n * T), 15);
    expect(report.bets.get('a')?.rtp).toEqual(report.bets.get('b')?.rtp);
    expect(ratioToNumber(rtpOf('tie'))).toBeCloseTo(Number(12n * ties) / Number(T), 15);
    expect(ratioToNumber(rtpOf('suited'))).toBeCloseTo(Number(51n * suited) / Number(T), 15);
    // Reduced: a tie is the second card matching the first's rank, 31 of the 415 left.
    expect(report.probabilities.tie).toEqual({ num: 24n, den: 415n });
    expect(report.probabilities.suitedTie).toEqual({ num: 7n, den: 415n });
    expect(report.bets.get('a')?.rtp).toEqual({ num: 799n, den: 830n });
    expect(report.bets.get('tie')?.rtp).toEqual({ num: 372n, den: 415n });
    expect(report.bets.get('suited')?.rtp).toEqual({ num: 357n, den: 415n });
  });

  it('has the variance of the moments', () => {
    const m = duelMoments(rules).get('tie');
    const p = (13 * 32 * 31) / (416 * 415);
    expect(m?.variance).toBeCloseTo(144 * p - (12 * p) ** 2, 12);
    expect(duelMoments(rules).get('nothing')).toBeUndefined();
  });

  it('refuses a shoe it does not know', () => {
    expect(() => duelOutcomeCounts(0, 'low')).toThrow(RangeError);
    expect(() => duelOutcomeCounts(9, 'low')).toThrow(RangeError);
  });
});
