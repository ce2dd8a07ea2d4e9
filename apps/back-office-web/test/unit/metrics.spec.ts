import { acceptedBets, perMinute } from '../../src/api/metrics';

describe('metrics', () => {
  it('sums accepted placements only', () => {
    const text = [
      '# TYPE casino_ledger_bet_decisions_total counter',
      'casino_ledger_bet_decisions_total{game="baccarat",command="place",outcome="accepted",code="",service="bet-ledger"} 12',
      'casino_ledger_bet_decisions_total{game="roulette",command="place",outcome="accepted",code=""} 3',
      'casino_ledger_bet_decisions_total{game="roulette",command="place",outcome="rejected",code="LATE_BET"} 4',
      'casino_ledger_bet_decisions_total{game="roulette",command="cancel",outcome="accepted",code=""} 1',
    ].join('\n');
    expect(acceptedBets(text)).toBe(15);
  });
  it('turns two samples into a rate per minute, a reset counting from zero', () => {
    expect(perMinute({ at: 0, count: 10 }, { at: 5000, count: 20 })).toBe(120);
    expect(perMinute({ at: 0, count: 10 }, { at: 6000, count: 2 })).toBe(20);
  });
});
