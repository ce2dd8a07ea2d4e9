import fc from 'fast-check';
import { validateSicBoBet } from './validate';

describe('validateSicBoBet', () => {
  it.each([
    [{ type: 'small' }],
    [{ type: 'anyTriple' }],
    [{ type: 'total', total: 4 }],
    [{ type: 'total', total: 17 }],
    [{ type: 'double', number: 6 }],
    [{ type: 'triple', number: 1 }],
    [{ type: 'combination', numbers: [5, 2] }],
    [{ type: 'single', number: 3 }],
  ])('accepts %j', (bet) => {
    expect(validateSicBoBet(bet)).toEqual({ ok: true, bet });
  });

  it.each([
    [null, 'object'],
    [{ type: 'jackpot' }, 'unknown Sic Bo bet type "jackpot"'],
    [{ type: 'total', total: 3 }, 'total from 4 to 17, got 3'],
    [{ type: 'total', total: 18 }, 'total from 4 to 17, got 18'],
    [{ type: 'total', total: 9.5 }, 'got 9.5'],
    [{ type: 'double', number: 0 }, 'face from 1 to 6, got 0'],
    [{ type: 'triple', number: 7 }, 'face from 1 to 6, got 7'],
    [{ type: 'single' }, 'face from 1 to 6, got undefined'],
    [{ type: 'combination', numbers: [3, 3] }, 'two different faces'],
    [{ type: 'combination', numbers: [1, 2, 3] }, 'two faces from 1 to 6'],
    [{ type: 'combination', numbers: [0, 2] }, 'two faces from 1 to 6'],
    [{ type: 'big', number: 4 }, 'the big bet has no number'],
  ])('refuses %j with the reason', (bet, reason) => {
    const check = validateSicBoBet(bet);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.message).toContain(reason);
  });

  it('accepts a face exactly when it is 1..6', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 100 }), (n) => {
        expect(validateSicBoBet({ type: 'single', number: n }).ok).toBe(n >= 1 && n <= 6);
      }),
    );
  });
});
