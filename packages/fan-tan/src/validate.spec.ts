import fc from 'fast-check';
import { validateFanTanBet } from './validate';

describe('validateFanTanBet', () => {
  it.each([
    [{ type: 'fan', number: 4 }],
    [{ type: 'nim', number: 1, push: 3 }],
    [{ type: 'kwok', numbers: [4, 1] }],
    [{ type: 'kwok', numbers: [2, 3] }],
    [{ type: 'odd' }],
    [{ type: 'even' }],
  ])('accepts %j', (bet) => {
    expect(validateFanTanBet(bet)).toEqual({ ok: true, bet });
  });

  it.each([
    ['nope', 'object'],
    [{ type: 'square' }, 'unknown Fan Tan bet type "square"'],
    [{ type: 'fan', number: 0 }, 'a number from 1 to 4, got 0'],
    [{ type: 'fan', number: 5 }, 'got 5'],
    [{ type: 'nim', number: 2, push: 2 }, 'two different numbers'],
    [{ type: 'nim', number: 2, push: 5 }, 'got 2 and 5'],
    [{ type: 'kwok', numbers: [1, 3] }, 'two adjacent numbers (1-2, 2-3, 3-4, 4-1), got 1-3'],
    [{ type: 'kwok', numbers: [2, 2] }, 'got 2-2'],
    [{ type: 'kwok', numbers: [1] }, 'two numbers from 1 to 4'],
    [{ type: 'odd', number: 1 }, 'the odd bet has no number'],
  ])('refuses %j with the reason', (bet, reason) => {
    const check = validateFanTanBet(bet);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.message).toContain(reason);
  });

  it('a Kwok is accepted exactly for two sides meeting at a corner', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 }), (a, b) => {
        const adjacent = Math.abs(a - b) === 1 || Math.abs(a - b) === 3;
        expect(validateFanTanBet({ type: 'kwok', numbers: [a, b] }).ok).toBe(adjacent);
      }),
    );
  });
});
