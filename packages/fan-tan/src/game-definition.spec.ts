import { fairBeadCount } from './fair-round';
import { fanTanGame } from './game-definition';

const config = fanTanGame.tableConfigSchema.parse(fanTanGame.defaultTableConfig);
const bet = (betId: string, spec: object, stake = 100n) => ({
  betId,
  playerId: 'p1',
  stake,
  spec: fanTanGame.betSpecSchema.parse({ game: 'fanTan', spec }),
});
const bets = [
  bet('fan', { type: 'fan', number: 2 }),
  bet('nim', { type: 'nim', number: 3, push: 2 }),
  bet('kwok', { type: 'kwok', numbers: [1, 2] }),
  bet('even', { type: 'even' }, 7n),
];

describe('fanTanGame', () => {
  it('settles a round from the bead count and result', () => {
    expect(fanTanGame.settle(config, { game: 'fanTan', count: 86, result: 2 }, bets)).toEqual({
      ok: true,
      items: [
        { betId: 'fan', returned: 385n, outcome: 'win' },
        { betId: 'nim', returned: 100n, outcome: 'push' },
        { betId: 'kwok', returned: 195n, outcome: 'win' },
        { betId: 'even', returned: 13n, outcome: 'win' },
      ],
    });
  });

  it('refuses a result that is not the count’s, a count off the table’s range, and a forged automatic count', () => {
    expect(fanTanGame.settle(config, { game: 'fanTan', count: 86, result: 3 }, bets)).toMatchObject({
      ok: false,
      code: 'INVALID_RESULT',
      message: '86 beads leave 2, not 3',
    });
    expect(fanTanGame.settle(config, { game: 'fanTan', count: 12, result: 4 }, bets)).toMatchObject({
      ok: false,
      code: 'INVALID_RESULT',
    });
    const fair = { serverSeed: 'ab'.repeat(32), clientSeed: 'ft', nonce: 1 };
    const count = fairBeadCount(fair, config.beadRange);
    const result = ((count - 1) % 4) + 1;
    expect(fanTanGame.settle(config, { game: 'fanTan', count, result, fair }, bets).ok).toBe(true);
    const other = count === 139 ? 135 : count + 4;
    expect(fanTanGame.settle(config, { game: 'fanTan', count: other, result, fair }, bets)).toMatchObject({
      ok: false,
      code: 'RESULT_MISMATCH',
    });
  });

  it('checks bets and tables, with keys and the largest return', () => {
    expect(fanTanGame.checkBet(bet('b', { type: 'kwok', numbers: [1, 3] }).spec)).toMatchObject({
      ok: false,
    });
    expect(fanTanGame.spotKey(bet('b', { type: 'kwok', numbers: [4, 3] }).spec)).toBe('kwok:3-4');
    expect(fanTanGame.spotKey(bet('b', { type: 'nim', number: 4, push: 3 }).spec)).toBe('nim:4-3');
    expect(fanTanGame.maxReturn(bet('b', { type: 'fan', number: 1 }).spec, config)).toEqual({
      num: 77n,
      den: 20n,
    });
    expect(fanTanGame.maxReturn(bet('b', { type: 'odd' }).spec, config)).toEqual({ num: 39n, den: 20n });
    const odd = fanTanGame.tableConfigSchema.parse({
      ...fanTanGame.defaultTableConfig,
      beadRange: { min: 40, max: 141 },
    });
    expect(fanTanGame.tableConfigProblems(odd)).toEqual([
      { setting: 'beadRange', message: expect.stringContaining('multiple of 4') },
    ]);
  });

  it('carries the no-bonus-funds rule and its exact returns', () => {
    expect(fanTanGame.restrictionRules).toEqual([
      expect.objectContaining({ id: 'fan-tan-bonus', game: 'fanTan', kind: 'no-bonus-funds' }),
    ]);
    const exact = fanTanGame.exactReturn;
    expect(exact.kind === 'exact' && exact.moments('fan', { payTable: 'standard' })?.rtp).toBe(0.9625);
    expect(fanTanGame.consumedCards.kind).toBe('none');
  });
});
