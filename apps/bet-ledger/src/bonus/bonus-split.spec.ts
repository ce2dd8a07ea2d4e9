import { GAME_IDS } from '@casino/games';
import { bonusAllowedAt, BonusView, gameExcludesBonus, splitReturn, splitStake } from './bonus-split';

const bonus = (balance: bigint, over: Partial<BonusView> = {}): BonusView => ({
  bonusId: 'b1',
  accountId: '9',
  balance,
  games: null,
  bonusFirst: false,
  ...over,
});

describe('splitStake', () => {
  it('pays from cash first, then bonus', () => {
    expect(splitStake(100n, 60n, bonus(500n), true)).toEqual({ ok: true, cash: 60n, bonus: 40n });
    expect(splitStake(100n, 600n, bonus(500n), true)).toEqual({ ok: true, cash: 100n, bonus: 0n });
  });

  it('pays from bonus first when the operator says so', () => {
    expect(splitStake(100n, 600n, bonus(30n, { bonusFirst: true }), true)).toEqual({
      ok: true,
      cash: 70n,
      bonus: 30n,
    });
  });

  it('spends the last bonus cent and no more', () => {
    expect(splitStake(10n, 9n, bonus(1n), true)).toEqual({ ok: true, cash: 9n, bonus: 1n });
    expect(splitStake(11n, 9n, bonus(1n), true)).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS' });
  });

  it('refuses a stake cash does not cover where bonus funds are not allowed, never paying from bonus', () => {
    expect(splitStake(100n, 60n, bonus(500n), false)).toMatchObject({
      ok: false,
      code: 'BONUS_FUNDS_NOT_ALLOWED',
    });
    expect(splitStake(100n, 100n, bonus(500n, { bonusFirst: true }), false)).toEqual({
      ok: true,
      cash: 100n,
      bonus: 0n,
    });
    expect(splitStake(100n, 60n, undefined, false)).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS' });
  });
});

describe('bonusAllowedAt', () => {
  it('needs a game that allows bonus funds and, when the bonus lists games, one of them', () => {
    expect(bonusAllowedAt('roulette', false, bonus(1n))).toBe(true);
    expect(bonusAllowedAt('fanTan', true, bonus(1n))).toBe(false);
    expect(bonusAllowedAt('roulette', false, bonus(1n, { games: ['baccarat'] }))).toBe(false);
    expect(bonusAllowedAt('baccarat', false, bonus(1n, { games: ['baccarat'] }))).toBe(true);
    expect(bonusAllowedAt('baccarat', false, undefined)).toBe(false);
  });
});

describe('splitReturn', () => {
  it('shares a return in proportion, the fraction to the bonus balance', () => {
    expect(splitReturn(200n, 100n, 40n)).toEqual({ cash: 120n, bonus: 80n });
    expect(splitReturn(195n, 100n, 33n)).toEqual({ cash: 130n, bonus: 65n });
    expect(splitReturn(0n, 100n, 40n)).toEqual({ cash: 0n, bonus: 0n });
    expect(splitReturn(100n, 100n, 0n)).toEqual({ cash: 100n, bonus: 0n });
  });
});

describe("the games' bonus rule", () => {
  it("excludes bonus funds at Fan Tan (seed 001 §5.1, the 'no-bonus-funds' rule) and nowhere else today", () => {
    expect(gameExcludesBonus('fanTan')).toBe(true);
    for (const game of GAME_IDS.filter((g) => g !== 'fanTan')) expect(gameExcludesBonus(game)).toBe(false);
    expect(
      splitStake(100n, 60n, bonus(500n), bonusAllowedAt('fanTan', gameExcludesBonus('fanTan'), bonus(500n))),
    ).toMatchObject({ ok: false, code: 'BONUS_FUNDS_NOT_ALLOWED' });
  });
});
