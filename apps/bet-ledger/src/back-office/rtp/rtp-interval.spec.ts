import { baccaratMoments, rouletteMoments, theoreticalMoments } from './theoretical-rtp';
import { ratio, rtpInterval, Z95 } from './rtp-interval';

describe('theoretical moments', () => {
  it('roulette: every basic bet returns 36/37; a straight-up has variance 36·36/37 − (36/37)²', () => {
    const m = rouletteMoments();
    expect(m.get('straight')!.rtp).toBeCloseTo(36 / 37, 12);
    expect(m.get('straight')!.variance).toBeCloseTo((36 * 36) / 37 - (36 / 37) ** 2, 10);
    expect(m.get('red')!.rtp).toBeCloseTo(36 / 37, 12);
    expect(m.get('red')!.variance).toBeCloseTo((4 * 18) / 37 - (36 / 37) ** 2, 10);
  });

  it('baccarat 8 decks: the published house edges (banker 1.0579%, player 1.2351%, tie 8:1 14.3596%)', () => {
    const m = baccaratMoments('commission');
    expect(1 - m.get('banker')!.rtp).toBeCloseTo(0.010579, 5);
    expect(1 - m.get('player')!.rtp).toBeCloseTo(0.012351, 5);
    expect(1 - m.get('tie')!.rtp).toBeCloseTo(0.143596, 5);
    // Player pays 1:1 and pushes on a tie: variance = P(no tie) − (P(player) − P(banker))² ≈ 0.9049.
    expect(m.get('player')!.variance).toBeCloseTo(0.9049, 3);
  });

  it('blackjack has no exact figure', () => {
    expect(theoreticalMoments('blackjack', 'main', null)).toBeUndefined();
  });

  it('reads the pay table from the stored settings, commission by default', () => {
    expect(theoreticalMoments('baccarat', 'banker', { payTable: 'no-commission' })).toEqual(
      baccaratMoments('no-commission').get('banker'),
    );
    expect(theoreticalMoments('baccarat', 'banker', null)).toEqual(
      baccaratMoments('commission').get('banker'),
    );
  });

  it('refuses a game outside the registry instead of a silent blank', () => {
    expect(() => theoreticalMoments('keno', 'spot', null)).toThrow(/no game "keno"/);
  });
});

describe('rtpInterval', () => {
  const red = { rtp: 36 / 37, variance: (4 * 18) / 37 - (36 / 37) ** 2 };

  it('is σ·sqrt(Σs²)/Σs around the exact figure', () => {
    // 10,000 bets of 100: Σs = 1e6, Σs² = 1e8, σ ≈ 0.99963 → se ≈ 0.0099963.
    const i = rtpInterval([{ ...red, staked: 1_000_000n, returned: 973_000n, stakeSq: 100_000_000n }])!;
    const se = (Math.sqrt(red.variance) * Math.sqrt(1e8)) / 1e6;
    expect(i.theoretical).toBeCloseTo(36 / 37, 12);
    expect(i.low).toBeCloseTo(36 / 37 - Z95 * se, 12);
    expect(i.high).toBeCloseTo(36 / 37 + Z95 * se, 12);
    expect(i.measured).toBe(0.973);
    expect(i.within).toBe(true);
  });

  it('one big bet swings more than many small ones of the same total', () => {
    const many = rtpInterval([{ ...red, staked: 1_000_000n, returned: 0n, stakeSq: 100_000_000n }])!;
    const one = rtpInterval([{ ...red, staked: 1_000_000n, returned: 0n, stakeSq: 1_000_000_000_000n }])!;
    expect(one.high - one.low).toBeCloseTo((many.high - many.low) * 100, 9);
  });

  it('flags a measured return outside the band', () => {
    const i = rtpInterval([{ ...red, staked: 1_000_000n, returned: 1_100_000n, stakeSq: 100_000_000n }])!;
    expect(i.within).toBe(false);
    expect(i.z!).toBeGreaterThan(10);
  });

  it('combines parts of different figures weighted by stake', () => {
    const a = { rtp: 0.9, variance: 1, staked: 100n, returned: 90n, stakeSq: 10_000n };
    const b = { rtp: 1.0, variance: 4, staked: 300n, returned: 300n, stakeSq: 30_000n };
    const i = rtpInterval([a, b])!;
    expect(i.theoretical).toBeCloseTo((0.9 * 100 + 300) / 400, 12);
    expect((i.high - i.low) / 2).toBeCloseTo((Z95 * Math.sqrt(10_000 + 4 * 30_000)) / 400, 12);
  });

  it('ratio is exact to 12 digits past 2^53', () => {
    expect(ratio(2n ** 60n, 2n ** 61n)).toBe(0.5);
    expect(ratio(1n, 3n)).toBeCloseTo(1 / 3, 12);
  });
});
