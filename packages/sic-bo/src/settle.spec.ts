import fc from 'fast-check';
import { SicBoBet } from './bet';
import { allDice, dealerDice, diceMarks, diceProblem, rollDice, SicBoDice } from './dice';
import { allSicBoBets } from './exact';
import { SIC_BO_PAY_TABLES } from './pay-table';
import { maxReturnPerUnit, settleSicBoBet, winningsPerUnit } from './settle';
import { seededRandom } from '@casino/cards';

const pay = SIC_BO_PAY_TABLES.standard;
const settle = (bet: SicBoBet, dice: SicBoDice, stake = 100n) => settleSicBoBet(bet, stake, dice, pay);

describe('Sic Bo settlement', () => {
  it('pays Small, Big, Odd and Even even money, and loses them on a triple', () => {
    expect(settle({ type: 'small' }, [1, 2, 3])).toEqual({ returned: 200n, outcome: 'win' });
    expect(settle({ type: 'big' }, [1, 2, 3])).toEqual({ returned: 0n, outcome: 'lose' });
    expect(settle({ type: 'big' }, [4, 4, 3])).toEqual({ returned: 200n, outcome: 'win' });
    expect(settle({ type: 'odd' }, [4, 4, 3])).toEqual({ returned: 200n, outcome: 'win' });
    expect(settle({ type: 'even' }, [4, 4, 2])).toEqual({ returned: 200n, outcome: 'win' });
    for (const type of ['small', 'big', 'odd', 'even'] as const) {
      expect(settle({ type }, [2, 2, 2]).returned).toBe(0n);
      expect(settle({ type }, [5, 5, 5]).returned).toBe(0n);
    }
  });

  it('pays totals by the pay table', () => {
    expect(settle({ type: 'total', total: 4 }, [1, 1, 2]).returned).toBe(6100n);
    expect(settle({ type: 'total', total: 10 }, [3, 3, 4]).returned).toBe(700n);
    expect(settle({ type: 'total', total: 17 }, [6, 6, 5]).returned).toBe(6100n);
    expect(settle({ type: 'total', total: 9 }, [3, 3, 3]).returned).toBe(700n);
    expect(settle({ type: 'total', total: 9 }, [3, 3, 4]).returned).toBe(0n);
  });

  it('pays doubles, triples, any triple, combinations and single numbers', () => {
    expect(settle({ type: 'double', number: 3 }, [3, 1, 3]).returned).toBe(1100n);
    expect(settle({ type: 'double', number: 3 }, [3, 3, 3]).returned).toBe(1100n);
    expect(settle({ type: 'double', number: 3 }, [3, 1, 2]).returned).toBe(0n);
    expect(settle({ type: 'triple', number: 3 }, [3, 3, 3]).returned).toBe(18100n);
    expect(settle({ type: 'triple', number: 3 }, [4, 4, 4]).returned).toBe(0n);
    expect(settle({ type: 'anyTriple' }, [4, 4, 4]).returned).toBe(3100n);
    expect(settle({ type: 'combination', numbers: [2, 5] }, [5, 6, 2]).returned).toBe(600n);
    expect(settle({ type: 'combination', numbers: [2, 5] }, [5, 5, 5]).returned).toBe(0n);
    expect(settle({ type: 'single', number: 6 }, [6, 1, 2]).returned).toBe(200n);
    expect(settle({ type: 'single', number: 6 }, [6, 6, 2]).returned).toBe(300n);
    expect(settle({ type: 'single', number: 6 }, [6, 6, 6]).returned).toBe(400n);
    expect(settle({ type: 'single', number: 6 }, [1, 1, 2])).toEqual({ returned: 0n, outcome: 'lose' });
  });

  const diceArb = fc.tuple(
    fc.integer({ min: 1, max: 6 }),
    fc.integer({ min: 1, max: 6 }),
    fc.integer({ min: 1, max: 6 }),
  ) as fc.Arbitrary<SicBoDice>;
  const bets = allSicBoBets();

  it('returns a whole multiple of the stake, never above the bet’s maximum return', () => {
    fc.assert(
      fc.property(
        diceArb,
        fc.integer({ min: 0, max: bets.length - 1 }),
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        (dice, i, stake) => {
          const { returned, outcome } = settleSicBoBet(bets[i], stake, dice, pay);
          expect(returned % stake).toBe(0n);
          expect(returned).toBeLessThanOrEqual(stake * BigInt(maxReturnPerUnit(bets[i], pay)));
          expect(outcome).toBe(returned === 0n ? 'lose' : 'win');
        },
      ),
    );
  });

  it('does not depend on the order of the dice', () => {
    fc.assert(
      fc.property(diceArb, fc.integer({ min: 0, max: bets.length - 1 }), ([a, b, c], i) => {
        const r = settle(bets[i], [a, b, c]).returned;
        expect(settle(bets[i], [c, a, b]).returned).toBe(r);
        expect(settle(bets[i], [b, c, a]).returned).toBe(r);
      }),
    );
  });

  it('Big and Small never both win, nor Odd and Even', () => {
    fc.assert(
      fc.property(diceArb, (dice) => {
        const wins = (type: 'small' | 'big' | 'odd' | 'even') => settle({ type }, dice).returned > 0n;
        expect(wins('big') && wins('small')).toBe(false);
        expect(wins('odd') && wins('even')).toBe(false);
      }),
    );
  });
});

describe('dice', () => {
  it('a dealer enters three faces 1..6, or is told why not', () => {
    expect(dealerDice([1, 6, 3])).toEqual({ ok: true, dice: [1, 6, 3] });
    expect(dealerDice([1, 6])).toEqual({ ok: false, message: 'a Sic Bo result is exactly three dice' });
    expect(dealerDice([1, 7, 2])).toEqual({ ok: false, message: 'a die shows a face from 1 to 6, got 7' });
    expect(dealerDice([1, 2.5, 2])).toMatchObject({ ok: false });
    expect(dealerDice('1,2,3')).toMatchObject({ ok: false });
    expect(diceProblem([6, 6, 6])).toBeNull();
  });

  it('an automatic shake draws faces 1..6 from the source, all of them', () => {
    const random = seededRandom('sic-bo');
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const dice = rollDice(random);
      expect(diceProblem(dice)).toBeNull();
      dice.forEach((d) => seen.add(d));
    }
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('marks a round for the history as Small, Big or a triple, as the Small and Big bets settle it', () => {
    expect(diceMarks([1, 2, 4])).toEqual({ total: 7, size: 'small', triple: false });
    expect(diceMarks([4, 5, 2])).toEqual({ total: 11, size: 'big', triple: false });
    expect(diceMarks([6, 6, 6])).toEqual({ total: 18, size: null, triple: true });
    expect(diceMarks([2, 2, 2])).toEqual({ total: 6, size: null, triple: true });
    for (const dice of allDice()) {
      const size = diceMarks(dice).size;
      expect(winningsPerUnit({ type: 'small' }, dice, pay) > 0).toBe(size === 'small');
      expect(winningsPerUnit({ type: 'big' }, dice, pay) > 0).toBe(size === 'big');
    }
  });
});
