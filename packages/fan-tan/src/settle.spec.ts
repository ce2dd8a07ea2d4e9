import fc from 'fast-check';
import { FanTanBet, FanTanNumber } from './bet';
import { allFanTanBets } from './exact';
import { FAN_TAN_PAY_TABLES } from './pay-table';
import { maxReturnRatio, settleFanTanBet } from './settle';

const pay = FAN_TAN_PAY_TABLES.standard;
const settle = (bet: FanTanBet, result: FanTanNumber, stake = 100n) =>
  settleFanTanBet(bet, stake, result, pay);

describe('Fan Tan settlement', () => {
  it('pays each bet net of the commission', () => {
    expect(settle({ type: 'fan', number: 3 }, 3)).toEqual({ returned: 385n, outcome: 'win' });
    expect(settle({ type: 'fan', number: 3 }, 2)).toEqual({ returned: 0n, outcome: 'lose' });
    expect(settle({ type: 'nim', number: 1, push: 2 }, 1)).toEqual({ returned: 290n, outcome: 'win' });
    expect(settle({ type: 'nim', number: 1, push: 2 }, 2)).toEqual({ returned: 100n, outcome: 'push' });
    expect(settle({ type: 'nim', number: 1, push: 2 }, 4)).toEqual({ returned: 0n, outcome: 'lose' });
    expect(settle({ type: 'kwok', numbers: [4, 1] }, 4).returned).toBe(195n);
    expect(settle({ type: 'kwok', numbers: [4, 1] }, 1).returned).toBe(195n);
    expect(settle({ type: 'kwok', numbers: [4, 1] }, 2).returned).toBe(0n);
    expect(settle({ type: 'odd' }, 3).returned).toBe(195n);
    expect(settle({ type: 'odd' }, 4).returned).toBe(0n);
    expect(settle({ type: 'even' }, 4).returned).toBe(195n);
  });

  it('keeps fractions of a minor unit for the house', () => {
    // 7 × 2.85 = 19.95 → 19; 1 × 0.95 = 0.95 → 0 (a win that returns the stake: a push in effect).
    expect(settle({ type: 'fan', number: 1 }, 1, 7n).returned).toBe(26n);
    expect(settle({ type: 'odd' }, 1, 1n)).toEqual({ returned: 1n, outcome: 'push' });
    expect(settle({ type: 'nim', number: 1, push: 2 }, 1, 3n).returned).toBe(8n);
  });

  const bets = allFanTanBets();
  const betArb = fc.integer({ min: 0, max: bets.length - 1 }).map((i) => bets[i]);
  const resultArb = fc.constantFrom<FanTanNumber>(1, 2, 3, 4);
  const stakeArb = fc.bigInt({ min: 1n, max: 10n ** 15n });

  it('returns stake + ⌊stake × net odds⌋ on a win: never more than the exact payout, less by under one unit', () => {
    fc.assert(
      fc.property(betArb, resultArb, stakeArb, (bet, result, stake) => {
        const { returned, outcome } = settleFanTanBet(bet, stake, result, pay);
        const max = maxReturnRatio(bet, pay);
        expect(returned * max.den).toBeLessThanOrEqual(stake * max.num);
        if (outcome === 'win') {
          // exact = stake × max; the floored return is within one minor unit below it.
          expect(stake * max.num - returned * max.den).toBeLessThan(max.den);
        }
        expect(['win', 'push', 'lose']).toContain(outcome);
      }),
    );
  });

  it('a stake of a whole multiple of 20 loses nothing to rounding', () => {
    fc.assert(
      fc.property(betArb, resultArb, fc.bigInt({ min: 1n, max: 10n ** 12n }), (bet, result, k) => {
        const r1 = settleFanTanBet(bet, 20n, result, pay).returned;
        expect(settleFanTanBet(bet, 20n * k, result, pay).returned).toBe(r1 * k);
      }),
    );
  });
});
