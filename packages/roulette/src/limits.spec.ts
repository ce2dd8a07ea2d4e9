import { ROULETTE_BET_TYPES } from './bet';
import { payoutRatio } from './winning';
import { DEFAULT_TABLE_LIMITS, uniformTableLimits, validateStake, validateTableLimits } from './limits';

describe('table limits', () => {
  it('accepts stakes from min to max inclusive', () => {
    const limits = uniformTableLimits(100n, 5000n);
    expect(validateStake(limits, 'straight', 100n)).toEqual({ ok: true });
    expect(validateStake(limits, 'straight', 5000n)).toEqual({ ok: true });
    expect(validateStake(limits, 'straight', 99n)).toMatchObject({ ok: false, code: 'BELOW_MIN' });
    expect(validateStake(limits, 'straight', 5001n)).toMatchObject({ ok: false, code: 'ABOVE_MAX' });
  });

  it('applies each bet type its own limits', () => {
    expect(validateStake(DEFAULT_TABLE_LIMITS, 'straight', 20_000n)).toMatchObject({
      ok: false,
      code: 'ABOVE_MAX',
    });
    expect(validateStake(DEFAULT_TABLE_LIMITS, 'red', 20_000n)).toEqual({ ok: true });
  });

  it.each([0n, -1n, 10, '100', null, 1.5])('rejects %p as an invalid stake', (stake) => {
    expect(validateStake(DEFAULT_TABLE_LIMITS, 'red', stake)).toMatchObject({
      ok: false,
      code: 'INVALID_STAKE',
    });
  });

  it('checks that limits cover every bet type with 0 < min <= max', () => {
    expect(validateTableLimits(DEFAULT_TABLE_LIMITS)).toEqual({ ok: true });
    expect(validateTableLimits({ ...DEFAULT_TABLE_LIMITS, split: { min: 500n, max: 100n } })).toMatchObject({
      ok: false,
      code: 'INVALID_LIMITS',
    });
    expect(validateTableLimits(uniformTableLimits(0n, 100n))).toMatchObject({
      ok: false,
      code: 'INVALID_LIMITS',
    });
    // the default maxima expose the same maximum return (stake + win) on every bet type
    const maxReturns = new Set(
      ROULETTE_BET_TYPES.map((t) => DEFAULT_TABLE_LIMITS[t].max * BigInt(payoutRatio(t) + 1)),
    );
    expect([...maxReturns]).toEqual([360_000n]);
  });
});
