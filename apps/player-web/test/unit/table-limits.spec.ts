import { baccaratPayout } from '../../src/rules/baccarat-payouts';
import { baccaratLimits, blackjackLimits, ratioText, rouletteLimits } from '../../src/rules/table-limits';

describe('tableLimits', () => {
  it("lists a live baccarat table's offered bets with its limits and its pay table's lines", () => {
    const snapshot = {
      variant: 'no-commission',
      payTable: 'no-commission',
      betTypes: ['player', 'banker', 'tie', 'luckySix'],
      limits: {
        player: { min: '100', max: '1000000' },
        banker: { min: '100', max: '1000000' },
        tie: { min: '100', max: '100000' },
        luckySix: { min: '100', max: '50000' },
        // Not offered: no row.
        playerPair: { min: '100', max: '50000' },
      },
      maxDifference: '2000000',
    };
    const { rows, maxDifference, tableTotals } = baccaratLimits(snapshot);
    expect(rows.map((r) => r.key)).toEqual(['player', 'banker', 'tie', 'luckySix']);
    expect(rows[0]).toEqual({
      key: 'player',
      name: 'bets.player',
      range: { kind: 'range', min: '100', max: '1000000' },
      payout: { kind: 'ratio', text: '1:1' },
    });
    expect(rows[1].payout).toEqual({ kind: 'bankerOnSix', pays: '1:1', six: '1:2' });
    expect(rows[2].payout).toEqual({ kind: 'ratio', text: '8:1' });
    expect(rows[3].payout).toEqual({ kind: 'luckySix', two: '12:1', three: '20:1' });
    expect(maxDifference).toBe('2000000');
    expect(tableTotals).toBe(true);
  });

  it('RNG baccarat: the commission pay table, no table difference or table totals', () => {
    const { rows, maxDifference, tableTotals } = baccaratLimits({
      variant: 'rng',
      payTable: 'commission',
      betTypes: ['player', 'banker', 'tie'],
      limits: {
        player: { min: '100', max: '5000' },
        banker: { min: '100', max: '5000' },
        tie: { min: '100', max: '500' },
      },
      maxDifference: '5000',
    });
    expect(rows.map((r) => [r.key, r.payout])).toEqual([
      ['player', { kind: 'ratio', text: '1:1' }],
      ['banker', { kind: 'ratio', text: '0.95:1' }],
      ['tie', { kind: 'ratio', text: '8:1' }],
    ]);
    expect([maxDifference, tableTotals]).toEqual([null, false]);
  });

  it("gives roulette's bet types their engine payouts", () => {
    const { rows } = rouletteLimits({
      limits: { straight: { min: '100', max: '10000' }, red: { min: '100', max: '180000' } },
    });
    expect(rows).toEqual([
      {
        key: 'straight',
        name: 'rules.straight',
        range: { kind: 'range', min: '100', max: '10000' },
        payout: { kind: 'ratio', text: '35:1' },
      },
      {
        key: 'red',
        name: 'roulette.red',
        range: { kind: 'range', min: '100', max: '180000' },
        payout: { kind: 'ratio', text: '1:1' },
      },
    ]);
  });

  it("takes blackjack's payouts from the table's rules: 6:5 and no insurance shown as the table has them", () => {
    const { rows } = blackjackLimits({
      limits: { main: { min: '500', max: '250000' } },
      rules: { blackjackPays: '6:5', insurancePays: null, maxSplitHands: 1 },
    });
    expect(rows.map((r) => [r.key, r.range?.kind, r.payout])).toEqual([
      ['main', 'range', { kind: 'ratio', text: '1:1' }],
      ['blackjack', undefined, { kind: 'ratio', text: '6:5' }],
      ['double', 'upToStake', { kind: 'ratio', text: '1:1' }],
    ]);
    const standard = blackjackLimits({
      limits: { main: { min: '100', max: '500000' } },
      rules: { blackjackPays: '3:2', insurancePays: '2:1', maxSplitHands: 2 },
    });
    expect(standard.rows.map((r) => r.key)).toEqual(['main', 'blackjack', 'double', 'split', 'insurance']);
  });

  it('shows nothing before the snapshot arrives', () => {
    expect(rouletteLimits(null).rows).toEqual([]);
    expect(blackjackLimits(null).rows).toEqual([]);
  });
});

describe('payout texts', () => {
  it('prints ratios the way tables do', () => {
    expect(ratioText({ numerator: 19n, denominator: 20n })).toBe('0.95:1');
    expect(ratioText({ numerator: 7n, denominator: 2n })).toBe('7:2');
    expect(ratioText({ numerator: 11n, denominator: 1n })).toBe('11:1');
    expect(ratioText({ numerator: 1n, denominator: 3n })).toBe('1:3');
  });

  it("keeps the layout's short payout texts, now from the engine's pay tables", () => {
    expect(baccaratPayout('banker', 'commission')).toBe('0.95:1');
    expect(baccaratPayout('banker', 'no-commission')).toBe('1:1 · 6 → 1:2');
    expect(baccaratPayout('luckySix', 'commission')).toBe('12:1 / 20:1');
    expect(baccaratPayout('playerNatural', 'commission')).toBe('7:2');
    expect(baccaratPayout('bankerPair', 'no-commission')).toBe('11:1');
  });
});
