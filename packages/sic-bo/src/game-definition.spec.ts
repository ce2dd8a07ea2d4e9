import { serverSeedHash } from '@casino/cards';
import { fairDice } from './fair-round';
import { sicBoGame } from './game-definition';

const config = sicBoGame.tableConfigSchema.parse(sicBoGame.defaultTableConfig);
const bet = (betId: string, spec: object, stake = 100n) => ({
  betId,
  playerId: 'p1',
  stake,
  spec: sicBoGame.betSpecSchema.parse({ game: 'sicBo', spec }),
});

describe('sicBoGame', () => {
  it('settles a round of bets from the dice', () => {
    const result = sicBoGame.resultSchema.parse({ game: 'sicBo', dice: [2, 2, 5] });
    const settled = sicBoGame.settle(config, result, [
      bet('b1', { type: 'small' }),
      bet('b2', { type: 'total', total: 9 }),
      bet('b3', { type: 'double', number: 2 }),
      bet('b4', { type: 'combination', numbers: [5, 2] }),
      bet('b5', { type: 'single', number: 2 }),
      bet('b6', { type: 'even' }),
    ]);
    expect(settled).toEqual({
      ok: true,
      items: [
        { betId: 'b1', returned: 200n, outcome: 'win' },
        { betId: 'b2', returned: 700n, outcome: 'win' },
        { betId: 'b3', returned: 1100n, outcome: 'win' },
        { betId: 'b4', returned: 600n, outcome: 'win' },
        { betId: 'b5', returned: 300n, outcome: 'win' },
        { betId: 'b6', returned: 0n, outcome: 'lose' },
      ],
    });
  });

  it('refuses a result of other faces or dice the revealed seeds do not give', () => {
    expect(sicBoGame.resultSchema.safeParse({ game: 'sicBo', dice: [0, 2, 3] }).success).toBe(false);
    expect(sicBoGame.resultSchema.safeParse({ game: 'sicBo', dice: [1, 2] }).success).toBe(false);
    const fair = { serverSeed: 'ab'.repeat(32), clientSeed: 'sb', nonce: 4 };
    const dice = fairDice(fair);
    const honest = sicBoGame.settle(config, { game: 'sicBo', dice: [...dice], fair }, [
      bet('b', { type: 'big' }),
    ]);
    expect(honest.ok).toBe(true);
    const other: [number, number, number] = [dice[0] === 6 ? 1 : dice[0] + 1, dice[1], dice[2]];
    const forged = sicBoGame.settle(config, { game: 'sicBo', dice: other, fair }, [
      bet('b', { type: 'big' }),
    ]);
    expect(forged).toMatchObject({ ok: false, code: 'RESULT_MISMATCH' });
    expect(serverSeedHash(fair.serverSeed)).toHaveLength(64);
  });

  it('checks bets, with their limit and spot keys', () => {
    expect(sicBoGame.checkBet(bet('b', { type: 'total', total: 3 }).spec)).toEqual({
      ok: false,
      message: 'a total bet names a total from 4 to 17, got 3',
    });
    expect(sicBoGame.checkBet(bet('b', { type: 'single', number: 4 }).spec)).toEqual({ ok: true });
    expect(sicBoGame.limitKey(bet('b', { type: 'total', total: 11 }).spec)).toBe('total11');
    expect(sicBoGame.spotKey(bet('b', { type: 'combination', numbers: [6, 1] }).spec)).toBe(
      'combination:1-6',
    );
    expect(sicBoGame.maxReturn(bet('b', { type: 'triple', number: 1 }).spec, config)).toEqual({
      num: 181n,
      den: 1n,
    });
    expect(sicBoGame.maxReturn(bet('b', { type: 'single', number: 1 }).spec, config)).toEqual({
      num: 4n,
      den: 1n,
    });
    expect(sicBoGame.limitKeys).toContain('total4');
  });

  it('gives every limit key an exact return, and its restrictions', () => {
    const exact = sicBoGame.exactReturn;
    if (exact.kind !== 'exact') throw new Error('expected exact returns');
    for (const key of sicBoGame.limitKeys) expect(exact.moments(key, null)?.rtp).toBeGreaterThan(0.8);
    expect(exact.moments('small', { payTable: 'unknown' })).toBeUndefined();
    expect(sicBoGame.restrictionRules.map((r) => r.kind === 'exclusive' && r.keys)).toEqual([
      ['big', 'small'],
      ['odd', 'even'],
    ]);
    expect(sicBoGame.consumedCards.kind).toBe('none');
  });
});
