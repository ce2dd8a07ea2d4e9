import { exactDuelReturns } from '@casino/card-duel';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ratio, ratioText, ratioToNumber } from '@casino/game-kit';
import { footballStudioGame } from './game-definition';
import { FOOTBALL_STUDIO } from './rules';

const table = footballStudioGame.tableConfigSchema.parse(footballStudioGame.defaultTableConfig);
const bet = (betId: string, type: 'home' | 'away' | 'draw', stake: bigint) => ({
  betId,
  playerId: 'p1',
  stake,
  spec: footballStudioGame.betSpecSchema.parse({ game: 'footballStudio', type }),
});
const settle = (cards: string[], bets: ReturnType<typeof bet>[]) =>
  footballStudioGame.settle(
    table,
    footballStudioGame.resultSchema.parse({ game: 'footballStudio', cards }),
    bets,
  );

describe('Football Studio', () => {
  // ../shared/rules/more-games.md: Home/Away 96.27%, Draw 89.64% (8 decks, exact).
  it.each([
    ['home', 0.9627],
    ['away', 0.9627],
    ['draw', 0.8964],
  ])('%s returns the published %s to 1e-4', (key, published) => {
    const exact = ratioToNumber(exactDuelReturns(FOOTBALL_STUDIO).bets.get(key as 'home')?.rtp as Ratio);
    expect(Math.abs(exact - published)).toBeLessThan(1e-4);
    const exactReturn = footballStudioGame.exactReturn;
    expect(exactReturn.kind === 'exact' && exactReturn.moments(key, null)?.rtp).toBe(exact);
  });

  it('counts the ace high: an ace beats a king', () => {
    const s = settle(['AS', 'KH'], [bet('h', 'home', 100n), bet('a', 'away', 100n)]);
    expect(s).toEqual({
      ok: true,
      items: [
        { betId: 'h', returned: 200n, outcome: 'win' },
        { betId: 'a', returned: 0n, outcome: 'lose' },
      ],
    });
  });

  it('on a draw returns half of Home and Away and pays Draw 11:1, suited or not', () => {
    const all = [bet('h', 'home', 7n), bet('a', 'away', 1000n), bet('d', 'draw', 10n)];
    for (const cards of [
      ['5S', '5H'],
      ['5S', '5S'],
    ]) {
      const s = settle(cards, all);
      expect(s.ok && s.items.map((i) => i.returned)).toEqual([3n, 500n, 120n]);
    }
  });

  it('deals from the shoe: the result is Home’s card, then Away’s', () => {
    const result = footballStudioGame.resultSchema.parse({ game: 'footballStudio', cards: ['2C', 'AD'] });
    const consumed = footballStudioGame.consumedCards;
    expect(consumed.kind === 'cards' && consumed.cards(result)).toEqual(['2C', 'AD']);
    expect(footballStudioGame.betSpecSchema.safeParse({ game: 'footballStudio', type: 'tie' }).success).toBe(
      false,
    );
  });

  it('forbids Home and Away together (seed 001 §5)', () => {
    expect(footballStudioGame.restrictionRules).toEqual([
      expect.objectContaining({ kind: 'exclusive', scope: 'player-round', keys: ['home', 'away'] }),
    ]);
  });

  it('has a limit for every bet', () => {
    expect(Object.keys(table.limits)).toEqual([...footballStudioGame.limitKeys]);
    expect(footballStudioGame.maxReturn(bet('d', 'draw', 1n).spec, table)).toEqual({ num: 12n, den: 1n });
  });
  it('docs/rules/football-studio.md gives the exact returns the engine computes', () => {
    const doc = readFileSync(join(__dirname, '../../../docs/rules/football-studio.md'), 'utf8');
    const bets = exactDuelReturns(FOOTBALL_STUDIO).bets;
    for (const key of ['home', 'draw'] as const) {
      const rtp = bets.get(key)?.rtp as Ratio;
      expect(doc).toContain(`${ratioText(rtp)} = ${(ratioToNumber(rtp) * 100).toFixed(4)}%`);
    }
  });
});
