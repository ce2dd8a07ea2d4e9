import { z } from 'zod';
import { assertGameDefinition, defineGame, GAME_DEFINITION_PARTS, GameDefinitionError } from './define-game';
import { GameDefinition } from './definition';
import { commonTableShape } from './primitives';

// A toy game (docs/architecture.md, "Adding a game"): a coin toss, heads or tails, paying even money.
const coinBet = z.object({ game: z.literal('coin'), side: z.enum(['heads', 'tails']) }).strict();
const coinResult = z.object({ game: z.literal('coin'), side: z.enum(['heads', 'tails']) }).strict();
const coinTable = z.object({ game: z.literal('coin'), ...commonTableShape }).strict();

function coin(): GameDefinition<'coin', typeof coinBet, typeof coinResult, typeof coinTable> {
  return {
    id: 'coin',
    title: 'Coin toss',
    service: 'coin',
    tablePrefix: 'coin',
    betSpecSchema: coinBet,
    resultSchema: coinResult,
    tableConfigSchema: coinTable,
    tableConfigProblems: () => [],
    defaultTableConfig: {
      game: 'coin',
      limits: { heads: { min: '1', max: '10' }, tails: { min: '1', max: '10' } },
    },
    limitKeys: ['heads', 'tails'],
    limitKey: (bet) => bet.side,
    spotKey: (bet) => bet.side,
    checkBet: () => ({ ok: true }),
    cutoffProblem: () => null,
    maxReturn: () => ({ num: 2n, den: 1n }),
    settle: (_config, result, bets) => ({
      ok: true,
      items: bets.map((b) =>
        b.spec.side === result.side
          ? { betId: b.betId, returned: 2n * b.stake, outcome: 'win' }
          : { betId: b.betId, returned: 0n, outcome: 'lose' },
      ),
    }),
    consumedCards: { kind: 'none', reason: 'a coin toss deals no cards' },
    exactReturn: {
      kind: 'exact',
      moments: (key) => (key === 'heads' || key === 'tails' ? { rtp: 1, variance: 1 } : undefined),
    },
    restrictionRules: [],
    automaticDraw: { kind: 'none', reason: 'a coin has no automatic table' },
    layout: { kind: 'none', reason: 'a coin toss has no studio view' },
  };
}

function refusal(definition: unknown): GameDefinitionError {
  try {
    assertGameDefinition(definition);
  } catch (err) {
    if (err instanceof GameDefinitionError) return err;
    throw err;
  }
  throw new Error('the definition was accepted');
}

describe('defineGame', () => {
  it('accepts a complete definition and settles with it', () => {
    const game = defineGame(coin());
    expect(game.id).toBe('coin');
    const settled = game.settle(coinTable.parse(game.defaultTableConfig), { game: 'coin', side: 'heads' }, [
      { betId: 'b1', playerId: 'p1', stake: 5n, spec: { game: 'coin', side: 'heads' } },
    ]);
    expect(settled).toEqual({ ok: true, items: [{ betId: 'b1', returned: 10n, outcome: 'win' }] });
  });

  it.each(Object.keys(GAME_DEFINITION_PARTS))(
    'refuses a definition without %s, naming the game and the part',
    (part) => {
      const definition: Record<string, unknown> = { ...coin() };
      delete definition[part];
      const err = refusal(definition);
      expect(err.code).toBe('GAME_DEFINITION_INCOMPLETE');
      expect(err.part).toBe(part);
      // Without an id the game has no name to give.
      expect(err.game).toBe(part === 'id' ? '<unnamed>' : 'coin');
      expect(err.message).toContain(part);
    },
  );

  it('refuses parts of the wrong kind', () => {
    expect(refusal({ ...coin(), settle: 'pay everyone' })).toMatchObject({
      code: 'GAME_DEFINITION_INVALID',
      part: 'settle',
    });
    expect(refusal({ ...coin(), betSpecSchema: z.string() })).toMatchObject({ part: 'betSpecSchema' });
    expect(refusal({ ...coin(), consumedCards: { kind: 'none', reason: '' } })).toMatchObject({
      part: 'consumedCards',
    });
    expect(refusal({ ...coin(), limitKeys: [] })).toMatchObject({ part: 'limitKeys' });
    expect(refusal({ ...coin(), layout: { kind: 'none' } })).toMatchObject({ part: 'layout' });
  });

  it("refuses a schema of another game's id", () => {
    const other = z.object({ game: z.literal('dice'), side: z.string() }).strict();
    expect(refusal({ ...coin(), resultSchema: other })).toMatchObject({ game: 'coin', part: 'resultSchema' });
  });

  it('refuses default table settings that its own schema or checks refuse', () => {
    expect(refusal({ ...coin(), defaultTableConfig: { game: 'coin' } })).toMatchObject({
      part: 'defaultTableConfig',
    });
    const picky = { ...coin(), tableConfigProblems: () => [{ setting: 'limits', message: 'too low' }] };
    expect(refusal(picky).message).toContain('limits: too low');
  });

  it('a definition missing a part does not compile', () => {
    const { settle: _settle, ...rest } = coin();
    // @ts-expect-error settle is required: a game without a settlement cannot be defined
    expect(() => defineGame(rest)).toThrow(GameDefinitionError);
  });
});
