import { EVEN_MONEY_BET_TYPES, OUTSIDE_BET_TYPES, ROULETTE_BET_TYPES, type RouletteBet } from './bet';
import { allBets, allBetsOfType } from './enumerate';
import { compileBet, settleBet, settleCompiledBet } from './settle';
import { payoutRatio, winningNumbers } from './winning';

const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

/** Independent statement of when each bet wins, straight from the rules table. */
function wins(bet: RouletteBet, pocket: number): boolean {
  if ('numbers' in bet) return bet.numbers.includes(pocket);
  if (pocket === 0) return false;
  switch (bet.type) {
    case 'column':
      return pocket % 3 === bet.column % 3;
    case 'dozen':
      return Math.ceil(pocket / 12) === bet.dozen;
    case 'red':
      return RED.has(pocket);
    case 'black':
      return !RED.has(pocket);
    case 'odd':
      return pocket % 2 === 1;
    case 'even':
      return pocket % 2 === 0;
    case 'low':
      return pocket <= 18;
    case 'high':
      return pocket >= 19;
  }
}

describe('settlement', () => {
  it('pays 35, 17, 11, 8, 5, 2, 2, 1, 1, 1, 1, 1, 1 to one', () => {
    expect(ROULETTE_BET_TYPES.map(payoutRatio)).toEqual([35, 17, 11, 8, 5, 2, 2, 1, 1, 1, 1, 1, 1]);
  });

  it('has 157 distinct valid bets: 37 + 60 + 14 + 23 + 11 + 3 + 3 + 6', () => {
    expect(allBets()).toHaveLength(157);
  });

  it('wins every bet of every type on exactly its numbers, over all 37 pockets', () => {
    const stake = 250n;
    const wrong: string[] = [];
    for (const bet of allBets()) {
      const ratio = BigInt(payoutRatio(bet.type));
      const compiled = compileBet(bet);
      const expectedNumbers: number[] = [];
      for (let pocket = 0; pocket <= 36; pocket++) {
        const expected = wins(bet, pocket)
          ? { result: 'win', returned: stake * (ratio + 1n), win: stake * ratio }
          : { result: 'lose', returned: 0n, win: 0n };
        if (expected.result === 'win') expectedNumbers.push(pocket);
        const actual = settleBet(bet, stake, pocket);
        if (JSON.stringify(actual, big) !== JSON.stringify(expected, big))
          wrong.push(`${JSON.stringify(bet)} @${pocket}`);
        if (
          JSON.stringify(settleCompiledBet(compiled, stake, pocket), big) !== JSON.stringify(expected, big)
        ) {
          wrong.push(`compiled ${JSON.stringify(bet)} @${pocket}`);
        }
      }
      if (JSON.stringify(winningNumbers(bet)) !== JSON.stringify(expectedNumbers))
        wrong.push(`numbers ${JSON.stringify(bet)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('loses every outside bet on 0', () => {
    for (const type of OUTSIDE_BET_TYPES) {
      for (const bet of allBetsOfType(type)) {
        expect(settleBet(bet, 100n, 0)).toEqual({ result: 'lose', returned: 0n, win: 0n });
      }
    }
  });

  it('covers 18 numbers with each even-money bet and 12 with each column and dozen', () => {
    for (const type of EVEN_MONEY_BET_TYPES) {
      expect(winningNumbers({ type })).toHaveLength(18);
    }
    for (const bet of [...allBetsOfType('column'), ...allBetsOfType('dozen')])
      expect(winningNumbers(bet)).toHaveLength(12);
  });

  it('returns stake plus win on a win', () => {
    expect(settleBet({ type: 'straight', numbers: [17] }, 1000n, 17)).toEqual({
      result: 'win',
      returned: 36000n,
      win: 35000n,
    });
    expect(settleBet({ type: 'split', numbers: [0, 2] }, 10n, 0)).toEqual({
      result: 'win',
      returned: 180n,
      win: 170n,
    });
    expect(settleBet({ type: 'street', numbers: [0, 2, 3] }, 10n, 3)).toEqual({
      result: 'win',
      returned: 120n,
      win: 110n,
    });
    expect(settleBet({ type: 'corner', numbers: [0, 1, 2, 3] }, 10n, 0)).toEqual({
      result: 'win',
      returned: 90n,
      win: 80n,
    });
    expect(settleBet({ type: 'red' }, 10n, 36)).toEqual({ result: 'win', returned: 20n, win: 10n });
  });

  it('throws on a non-positive stake or an impossible pocket', () => {
    const bet: RouletteBet = { type: 'red' };
    expect(() => settleBet(bet, 0n, 1)).toThrow(expect.objectContaining({ code: 'INVALID_STAKE' }));
    expect(() => settleBet(bet, -5n, 1)).toThrow(expect.objectContaining({ code: 'INVALID_STAKE' }));
    expect(() => settleBet(bet, 5n, 37)).toThrow(expect.objectContaining({ code: 'INVALID_POCKET' }));
    expect(() => settleBet(bet, 5n, -1)).toThrow(expect.objectContaining({ code: 'INVALID_POCKET' }));
    expect(() => settleBet(bet, 5n, 1.5)).toThrow(expect.objectContaining({ code: 'INVALID_POCKET' }));
  });
});

function big(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? `${value}n` : value;
}
