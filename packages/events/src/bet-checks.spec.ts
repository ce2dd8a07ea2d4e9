import { additionalStakeRejectionCode, betLimitProblem, personalLimitFor, vipMaxFor } from './bet-checks';

const limits = {
  player: { min: 100n, max: 1000n },
  banker: { min: 100n, max: 1000n },
};

describe('betLimitProblem', () => {
  // The ledger's decision cases (apps/bet-ledger place-bet decision spec), one limit key at a time.
  it('checks the table minimum and maximum of the key, and whether the key is offered', () => {
    expect(betLimitProblem(limits, 'player', 100n)).toBeNull();
    expect(betLimitProblem(limits, 'player', 1000n)).toBeNull();
    expect(betLimitProblem(limits, 'player', 99n)).toEqual({
      code: 'BELOW_TABLE_MIN',
      message: 'player minimum is 100, got 99',
    });
    expect(betLimitProblem(limits, 'player', 1001n)).toEqual({
      code: 'ABOVE_TABLE_MAX',
      message: 'player maximum is 1000, got 1001',
    });
    expect(betLimitProblem(limits, 'tie', 100n)).toEqual({
      code: 'BET_NOT_OFFERED',
      message: 'tie is not offered at this table',
    });
  });

  it('lets a personal limit narrow the table limits, never widen them, nor what the table offers', () => {
    const mine = { min: 200n, max: 500n };
    expect(betLimitProblem(limits, 'player', 300n, mine)).toBeNull();
    expect(betLimitProblem(limits, 'player', 501n, mine)?.code).toBe('ABOVE_PERSONAL_LIMIT');
    expect(betLimitProblem(limits, 'player', 199n, mine)?.code).toBe('BELOW_PERSONAL_LIMIT');
    expect(betLimitProblem(limits, 'tie', 300n, mine)?.code).toBe('BET_NOT_OFFERED');
    // Wider than the table: the table's bounds still hold.
    const wide = { min: 10n, max: 5_000n };
    expect(betLimitProblem(limits, 'player', 50n, wide)?.code).toBe('BELOW_TABLE_MIN');
    expect(betLimitProblem(limits, 'player', 1_001n, wide)?.code).toBe('ABOVE_TABLE_MAX');
    expect(betLimitProblem(limits, 'player', 1_000n, wide)).toBeNull();
  });
});

describe('VIP maxima', () => {
  it('lifts the table maximum to the VIP maximum; the personal limit still narrows it', () => {
    expect(betLimitProblem(limits, 'player', 3_000n, undefined, 3_000n)).toBeNull();
    expect(betLimitProblem(limits, 'player', 3_001n, undefined, 3_000n)?.code).toBe('ABOVE_PERSONAL_LIMIT');
    // Not a way below the table's minimum, nor under the table's maximum.
    expect(betLimitProblem(limits, 'player', 50n, undefined, 3_000n)?.code).toBe('BELOW_TABLE_MIN');
    expect(betLimitProblem(limits, 'player', 1_001n, undefined, 800n)?.code).toBe('ABOVE_TABLE_MAX');
    expect(betLimitProblem(limits, 'player', 2_001n, { min: 100n, max: 2_000n }, 3_000n)?.code).toBe(
      'ABOVE_PERSONAL_LIMIT',
    );
    expect(betLimitProblem(limits, 'tie', 100n, undefined, 3_000n)?.code).toBe('BET_NOT_OFFERED');
  });

  it("takes the player's grant for the key (or '*'), bounded by the table's ceiling for the key", () => {
    const all = { game: 'baccarat', key: '*', max: 50_000n };
    const player = { game: 'baccarat', key: 'player', max: 4_000n };
    const ceiling = { player: 10_000n, banker: 20_000n };
    expect(vipMaxFor([all, player], 'baccarat', 'player', ceiling)).toBe(4_000n);
    expect(vipMaxFor([all, player], 'baccarat', 'banker', ceiling)).toBe(20_000n);
    // No ceiling for the key, no ceilings at all, no grant for the game: the table's maximum.
    expect(vipMaxFor([all], 'baccarat', 'tie', ceiling)).toBeUndefined();
    expect(vipMaxFor([all], 'baccarat', 'player', undefined)).toBeUndefined();
    expect(vipMaxFor([all], 'roulette', 'player', ceiling)).toBeUndefined();
  });
});

describe('personalLimitFor', () => {
  it('prefers the limit of the key over the one for the whole game', () => {
    const all = { game: 'baccarat', key: '*', min: 10n, max: 5_000n };
    const tie = { game: 'baccarat', key: 'tie', min: 10n, max: 50n };
    expect(personalLimitFor([all, tie], 'baccarat', 'tie')).toBe(tie);
    expect(personalLimitFor([all, tie], 'baccarat', 'player')).toBe(all);
    expect(personalLimitFor([all, tie], 'roulette', 'red')).toBeUndefined();
  });
});

describe('additionalStakeRejectionCode', () => {
  it('keeps "no main bet" apart from every other problem', () => {
    expect(additionalStakeRejectionCode('NO_MAIN_BET')).toBe('NO_MAIN_BET');
    expect(additionalStakeRejectionCode('SPLIT_STAKE_NOT_MAIN')).toBe('INVALID_ADDITIONAL_STAKE');
  });
});
