import { seededRandom, type RandomSource } from '@casino/cards';
import { isValidSpin, MIN_VALID_REVOLUTIONS, spin, spinProblem } from './spin';

describe('spin', () => {
  it('draws every pocket with roughly equal frequency', () => {
    const random = seededRandom('spin-uniformity');
    const counts = new Array<number>(37).fill(0);
    const spins = 37_000;
    for (let i = 0; i < spins; i++) counts[spin(random).pocket]++;
    const expected = spins / 37;
    const chiSquare = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    expect(Math.min(...counts)).toBeGreaterThan(0);
    expect(chiSquare).toBeLessThan(70); // 36 degrees of freedom: p ≈ 0.0007 above 70
  });

  it('produces valid revolution counts by default and honours the configured range', () => {
    const random = seededRandom(7);
    for (let i = 0; i < 500; i++) {
      const outcome = spin(random);
      expect(Number.isInteger(outcome.revolutions)).toBe(true);
      expect(isValidSpin(outcome)).toBe(true);
    }
    const seen = new Set<number>();
    for (let i = 0; i < 500; i++)
      seen.add(spin(random, { minRevolutions: 0, maxRevolutions: 4 }).revolutions);
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('is reproducible from a seed (pocket drawn before revolutions)', () => {
    const a = seededRandom('replay');
    const b = seededRandom('replay');
    for (let i = 0; i < 20; i++) expect(spin(a)).toEqual(spin(b));
    const fixed: RandomSource = { nextUint32: () => 0x80000000 };
    expect(spin(fixed, { minRevolutions: 3, maxRevolutions: 10 })).toEqual({ pocket: 18, revolutions: 7 });
  });

  it('treats fewer than three revolutions as a no-spin', () => {
    expect(MIN_VALID_REVOLUTIONS).toBe(3);
    expect(isValidSpin({ revolutions: 2 })).toBe(false);
    expect(isValidSpin({ revolutions: 0 })).toBe(false);
    expect(isValidSpin({ revolutions: 3 })).toBe(true);
    expect(isValidSpin({ revolutions: 3.5 })).toBe(false);
  });

  it('names the no-spin the ledger settles nothing for', () => {
    expect(spinProblem({ revolutions: 2 })).toEqual({
      code: 'NO_SPIN',
      message: '2 revolutions: a no-spin is repeated',
    });
    expect(spinProblem({ revolutions: 3 })).toBeNull();
  });

  it('rejects impossible revolution ranges', () => {
    const random = seededRandom(1);
    expect(() => spin(random, { minRevolutions: 5, maxRevolutions: 4 })).toThrow(
      expect.objectContaining({ code: 'INVALID_SPIN_OPTIONS' }),
    );
    expect(() => spin(random, { minRevolutions: -1 })).toThrow();
  });
});
