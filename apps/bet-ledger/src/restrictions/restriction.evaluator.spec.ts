import { evaluateRestrictions } from './restriction.evaluator';
import { RESTRICTION_RULES, rulesForGame } from './restriction-rules';

const ctx = (over: Partial<Parameters<typeof evaluateRestrictions>[2]> = {}) => ({
  playerBets: [],
  tableTotals: new Map<string, bigint>(),
  tableMax: {},
  ...over,
});
const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

describe('restriction rule set', () => {
  it('has one data-driven rule set covering every game of the rules document', () => {
    const games = new Set(RESTRICTION_RULES.map((r) => r.game));
    expect([...games].sort()).toEqual([
      'baccarat',
      'dragonTiger',
      'fanTan',
      'footballStudio',
      'roulette',
      'sicBo',
    ]);
    expect(new Set(RESTRICTION_RULES.map((r) => r.id)).size).toBe(RESTRICTION_RULES.length);
  });

  it.each([
    ['baccarat', 'player', 'banker'],
    ['sicBo', 'big', 'small'],
    ['sicBo', 'odd', 'even'],
    ['dragonTiger', 'dragon', 'tiger'],
    ['footballStudio', 'home', 'away'],
  ])('%s: no %s and %s together for one player', (game, a, b) => {
    const rules = rulesForGame(game);
    const held = ctx({ playerBets: [{ key: a, stake: 100n }] });
    expect(evaluateRestrictions(rules, { key: b, stake: 100n }, held)).toMatchObject({
      ok: false,
      code: 'OPPOSING_BETS',
    });
    expect(evaluateRestrictions(rules, { key: a, stake: 100n }, held)).toEqual({ ok: true });
  });

  it('roulette: 34 numbers are allowed, 35 are not', () => {
    const rules = rulesForGame('roulette');
    const held = ctx({ playerBets: [{ key: 'dozen', stake: 1n, numbers: range(1, 24) }] });
    expect(evaluateRestrictions(rules, { key: 'sixLine', stake: 1n, numbers: range(25, 30) }, held).ok).toBe(
      true,
    );
    const more = ctx({
      playerBets: [...held.playerBets, { key: 'sixLine', stake: 1n, numbers: range(25, 30) }],
    });
    expect(
      evaluateRestrictions(rules, { key: 'corner', stake: 1n, numbers: [29, 30, 32, 33] }, more).ok,
    ).toBe(true);
    expect(evaluateRestrictions(rules, { key: 'street', stake: 1n, numbers: [31, 32, 33] }, more).ok).toBe(
      true,
    );
    const at34 = ctx({
      playerBets: [
        ...more.playerBets,
        { key: 'street', stake: 1n, numbers: [31, 32, 33] },
        { key: 'straight', stake: 1n, numbers: [34] },
      ],
    });
    expect(evaluateRestrictions(rules, { key: 'straight', stake: 1n, numbers: [0] }, at34)).toMatchObject({
      ok: false,
      code: 'COVERAGE_EXCEEDED',
    });
  });

  it('baccarat: the table difference may not grow past the maximum, but may shrink', () => {
    const rules = rulesForGame('baccarat');
    const totals = new Map([
      ['player', 1_000n],
      ['banker', 0n],
    ]);
    expect(
      evaluateRestrictions(
        rules,
        { key: 'player', stake: 1n },
        ctx({ tableTotals: totals, maxDifference: 1_000n }),
      ),
    ).toMatchObject({
      ok: false,
      code: 'MAX_DIFFERENCE_EXCEEDED',
    });
    expect(
      evaluateRestrictions(
        rules,
        { key: 'banker', stake: 500n },
        ctx({ tableTotals: totals, maxDifference: 100n }),
      ).ok,
    ).toBe(true);
    expect(evaluateRestrictions(rules, { key: 'player', stake: 1n }, ctx({ tableTotals: totals })).ok).toBe(
      true,
    );
  });

  it('table maximum per bet type applies to the table as a whole', () => {
    const rules = rulesForGame('baccarat');
    const c = ctx({ tableTotals: new Map([['tie', 250n]]), tableMax: { tie: 300n } });
    expect(evaluateRestrictions(rules, { key: 'tie', stake: 50n }, c).ok).toBe(true);
    expect(evaluateRestrictions(rules, { key: 'tie', stake: 51n }, c)).toMatchObject({
      ok: false,
      code: 'TABLE_TOTAL_EXCEEDED',
    });
  });

  it('fan tan: bonus funds may not be wagered', () => {
    const rules = rulesForGame('fanTan');
    expect(evaluateRestrictions(rules, { key: 'fan', stake: 1n, fundsSource: 'bonus' }, ctx())).toMatchObject(
      {
        ok: false,
        code: 'BONUS_FUNDS_NOT_ALLOWED',
      },
    );
    expect(evaluateRestrictions(rules, { key: 'fan', stake: 1n, fundsSource: 'cash' }, ctx()).ok).toBe(true);
  });
});
