import { exactDuelReturns } from '@casino/card-duel';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ratio, ratioText, ratioToNumber } from '@casino/game-kit';
import { dragonTigerGame } from './game-definition';
import { DRAGON_TIGER } from './rules';

const table = dragonTigerGame.tableConfigSchema.parse(dragonTigerGame.defaultTableConfig);
const bet = (betId: string, type: 'dragon' | 'tiger' | 'tie' | 'suitedTie', stake: bigint) => ({
  betId,
  playerId: 'p1',
  stake,
  spec: dragonTigerGame.betSpecSchema.parse({ game: 'dragonTiger', type }),
});
const settle = (cards: string[], bets: ReturnType<typeof bet>[]) =>
  dragonTigerGame.settle(table, dragonTigerGame.resultSchema.parse({ game: 'dragonTiger', cards }), bets);

describe('Dragon Tiger', () => {
  // ../shared/rules/more-games.md: Dragon/Tiger 96.27%, Tie 89.64%, Suited Tie 86.02% (8 decks, exact).
  it.each([
    ['dragon', 0.9627],
    ['tiger', 0.9627],
    ['tie', 0.8964],
    ['suitedTie', 0.8602],
  ])('%s returns the published %s to 1e-4', (key, published) => {
    const exact = ratioToNumber(exactDuelReturns(DRAGON_TIGER).bets.get(key as 'dragon')?.rtp as Ratio);
    expect(Math.abs(exact - published)).toBeLessThan(1e-4);
    const moments =
      dragonTigerGame.exactReturn.kind === 'exact' && dragonTigerGame.exactReturn.moments(key, null);
    expect(moments && moments.rtp).toBe(exact);
  });

  it('counts the ace low: an ace loses to a two', () => {
    const s = settle(['AS', '2H'], [bet('d', 'dragon', 100n), bet('t', 'tiger', 100n)]);
    expect(s).toEqual({
      ok: true,
      items: [
        { betId: 'd', returned: 0n, outcome: 'lose' },
        { betId: 't', returned: 200n, outcome: 'win' },
      ],
    });
  });

  it('on a tie returns half of Dragon and Tiger, pays Tie 11:1 and a Suited Tie 50:1', () => {
    const all = [bet('d', 'dragon', 101n), bet('t', 'tie', 10n), bet('s', 'suitedTie', 10n)];
    const plain = settle(['KS', 'KD'], all);
    expect(plain.ok && plain.items.map((i) => i.returned)).toEqual([50n, 120n, 0n]);
    const suited = settle(['KD', 'KD'], all);
    expect(suited.ok && suited.items.map((i) => i.returned)).toEqual([50n, 120n, 510n]);
  });

  it('bets on a card shoe: the result is the two cards, Dragon first', () => {
    expect(dragonTigerGame.consumedCards.kind).toBe('cards');
    const result = dragonTigerGame.resultSchema.parse({ game: 'dragonTiger', cards: ['9C', '3D'] });
    expect(
      dragonTigerGame.consumedCards.kind === 'cards' && dragonTigerGame.consumedCards.cards(result),
    ).toEqual(['9C', '3D']);
    expect(dragonTigerGame.resultSchema.safeParse({ game: 'dragonTiger', cards: ['9C'] }).success).toBe(
      false,
    );
    expect(dragonTigerGame.betSpecSchema.safeParse({ game: 'dragonTiger', type: 'home' }).success).toBe(
      false,
    );
  });

  it('forbids Dragon and Tiger together (seed 001 §5)', () => {
    expect(dragonTigerGame.restrictionRules).toEqual([
      expect.objectContaining({ kind: 'exclusive', scope: 'player-round', keys: ['dragon', 'tiger'] }),
    ]);
  });

  it('has a limit for every bet and its largest return', () => {
    expect(Object.keys(table.limits)).toEqual([...dragonTigerGame.limitKeys]);
    expect(dragonTigerGame.maxReturn(bet('s', 'suitedTie', 1n).spec, table)).toEqual({ num: 51n, den: 1n });
  });
  it('docs/rules/dragon-tiger.md gives the exact returns the engine computes', () => {
    const doc = readFileSync(join(__dirname, '../../../docs/rules/dragon-tiger.md'), 'utf8');
    const bets = exactDuelReturns(DRAGON_TIGER).bets;
    for (const key of ['dragon', 'tie', 'suitedTie'] as const) {
      const rtp = bets.get(key)?.rtp as Ratio;
      expect(doc).toContain(`${ratioText(rtp)} = ${(ratioToNumber(rtp) * 100).toFixed(4)}%`);
    }
  });
});
