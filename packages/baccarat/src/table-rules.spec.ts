import { BACCARAT_BET_TYPES } from './bet-types';
import { tableTotalMaxima } from './table-bets';
import {
  BaccaratTableRules,
  defaultTableRules,
  sideBetCutoffProblem,
  tableRulesProblem,
} from './table-rules';
import { validateBet } from './validate-bet';

const live = defaultTableRules('commission');

describe('defaultTableRules', () => {
  it('live tables: 8 decks, burn, cut card 7 from the back, all eight bets', () => {
    for (const variant of ['commission', 'no-commission'] as const) {
      const rules = defaultTableRules(variant);
      expect(rules).toMatchObject({
        variant,
        payTable: variant,
        decks: 8,
        burnMode: 'burn',
        shuffle: 'per-shoe',
      });
      expect(rules.cutCard).toEqual({ fromBack: 7 });
      expect(rules.betTypes).toEqual(BACCARAT_BET_TYPES);
      expect(rules.sideBetLastRound).toEqual({
        playerPair: 60,
        bankerPair: 60,
        luckySix: 50,
        playerNatural: 50,
        bankerNatural: 50,
      });
      expect(tableRulesProblem(rules)).toBeNull();
    }
  });

  it('RNG table (docs/rules/baccarat.md#rng-baccarat): 6 decks, a new shuffle every round, commission pay table, Player/Banker/Tie', () => {
    const rules = defaultTableRules('rng');
    expect(rules).toMatchObject({
      decks: 6,
      payTable: 'commission',
      shuffle: 'every-round',
      burnMode: 'none',
    });
    expect(rules.betTypes).toEqual(['player', 'banker', 'tie']);
    expect(tableRulesProblem(rules)).toBeNull();
  });

  it('rejects an unknown variant', () => {
    expect(() => defaultTableRules('mini' as 'rng')).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_VARIANT' }),
    );
  });

  it('tableRulesProblem finds broken configurations', () => {
    expect(tableRulesProblem({ ...live, decks: 9 })).toMatch(/decks/);
    expect(tableRulesProblem({ ...live, limits: { ...live.limits, tie: { min: 10n, max: 5n } } })).toMatch(
      /tie/,
    );
    expect(tableRulesProblem({ ...live, limits: { player: { min: 1n, max: 2n } } })).toMatch(/no limit/);
  });
});

describe('validateBet', () => {
  it('accepts a bet within limits', () => {
    expect(validateBet(live, { type: 'banker', stake: 100n }, 1)).toEqual({ ok: true });
    expect(validateBet(live, { type: 'banker', stake: 1_000_000n }, 70)).toEqual({ ok: true });
  });

  it.each([
    ['UNKNOWN_BET_TYPE', { type: 'dragon', stake: 100n }, 1],
    ['INVALID_STAKE', { type: 'player', stake: 0n }, 1],
    ['INVALID_STAKE', { type: 'player', stake: -100n }, 1],
    ['INVALID_STAKE', { type: 'player', stake: 100 as unknown as bigint }, 1],
    ['INVALID_ROUND', { type: 'player', stake: 100n }, 0],
    ['INVALID_ROUND', { type: 'player', stake: 100n }, 1.5],
    ['BELOW_MIN', { type: 'player', stake: 99n }, 1],
    ['ABOVE_MAX', { type: 'player', stake: 1_000_001n }, 1],
    ['ABOVE_MAX', { type: 'tie', stake: 100_001n }, 1],
    ['SIDE_BET_CLOSED', { type: 'playerPair', stake: 100n }, 61],
    ['SIDE_BET_CLOSED', { type: 'luckySix', stake: 100n }, 51],
  ] as const)('%s for %p in round %d', (code, bet, round) => {
    expect(validateBet(live, bet, round)).toMatchObject({ ok: false, code });
  });

  it('side-bet cut-offs: pairs through round 60, Lucky Six and naturals through round 50', () => {
    for (const type of ['playerPair', 'bankerPair'] as const) {
      expect(validateBet(live, { type, stake: 100n }, 60).ok).toBe(true);
      expect(validateBet(live, { type, stake: 100n }, 61)).toMatchObject({
        ok: false,
        code: 'SIDE_BET_CLOSED',
      });
    }
    for (const type of ['luckySix', 'playerNatural', 'bankerNatural'] as const) {
      expect(validateBet(live, { type, stake: 100n }, 50).ok).toBe(true);
      expect(validateBet(live, { type, stake: 100n }, 51)).toMatchObject({
        ok: false,
        code: 'SIDE_BET_CLOSED',
      });
    }
    for (const type of ['player', 'banker', 'tie'] as const) {
      expect(validateBet(live, { type, stake: 100n }, 500).ok).toBe(true);
    }
  });

  it('the RNG table does not offer side bets', () => {
    expect(validateBet(defaultTableRules('rng'), { type: 'luckySix', stake: 100n }, 1)).toMatchObject({
      ok: false,
      code: 'BET_NOT_OFFERED',
    });
  });

  it('no bets during the no-bet rounds that start a shoe in that burn mode', () => {
    const rules: BaccaratTableRules = { ...live, burnMode: 'no-bet-rounds', noBetRounds: 3 };
    expect(validateBet(rules, { type: 'player', stake: 100n }, 3)).toMatchObject({
      ok: false,
      code: 'NO_BET_ROUND',
    });
    expect(validateBet(rules, { type: 'player', stake: 100n }, 4).ok).toBe(true);
  });
});

describe('table-wide limits', () => {
  it('tableTotalMaxima: tie and side bets cap the table total at their maximum', () => {
    expect(tableTotalMaxima(live)).toEqual({
      tie: 100_000n,
      playerPair: 50_000n,
      bankerPair: 50_000n,
      luckySix: 50_000n,
      playerNatural: 50_000n,
      bankerNatural: 50_000n,
    });
    expect(tableTotalMaxima(defaultTableRules('rng'))).toEqual({ tie: 100_000n });
  });
});

describe('sideBetCutoffProblem', () => {
  // The ledger's case: a round snapshot without its own cut-offs closes Lucky Six after round 50.
  it('uses the default cut-offs when the table names none', () => {
    expect(sideBetCutoffProblem('luckySix', 50)).toBeNull();
    expect(sideBetCutoffProblem('luckySix', 51, undefined)).toEqual({
      code: 'SIDE_BET_CLOSED',
      message: 'luckySix is not accepted after round 50 of the shoe',
    });
    expect(sideBetCutoffProblem('playerPair', 61)?.code).toBe('SIDE_BET_CLOSED');
    expect(sideBetCutoffProblem('player', 500)).toBeNull();
  });

  it("uses the table's own cut-offs when it has them", () => {
    expect(sideBetCutoffProblem('luckySix', 55, { luckySix: 60 })).toBeNull();
    expect(sideBetCutoffProblem('luckySix', 61, { luckySix: 60 })?.code).toBe('SIDE_BET_CLOSED');
    expect(sideBetCutoffProblem('luckySix', 500, {})).toBeNull();
  });
});
