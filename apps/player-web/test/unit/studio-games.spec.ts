import {
  betLimitKey,
  betSpotKey,
  gameDefinition,
  maxReturnRatio,
  settleRound,
  tableConfigSchema,
} from '@casino/games';
import { allFanTanBets } from '@casino/fan-tan';
import { allSicBoBets } from '@casino/sic-bo';
import { LANGUAGES } from '../../src/i18n/languages';
import {
  betOfSpec,
  betSpecOf,
  spotGroups,
  STUDIO_GAME_IDS,
  studioSpots,
  tableConfigOf,
  winningSpots,
} from '../../src/tables/studio/studio-games';
import { studioLimits } from '../../src/tables/studio/studio-limits';
import { spotPaysText } from '../../src/tables/studio/studio-parts';
import { STUDIO_STRINGS } from '../../src/tables/studio/studio-strings';

// The studio games' view shows what the definitions and engines decide: its spots are the engines' bets under the
// definitions' spot and limit keys, its payouts and winning spots the definitions' settlement.

const config = (game: (typeof STUDIO_GAME_IDS)[number]) =>
  tableConfigSchema.parse(gameDefinition(game).defaultTableConfig);

describe('the studio games layout comes from the definitions and engines', () => {
  it('lists one spot per bet of the engine, keyed by the definition, covering every limit key of the game', () => {
    const engineBets = {
      dragonTiger: gameDefinition('dragonTiger').limitKeys.length,
      footballStudio: gameDefinition('footballStudio').limitKeys.length,
      sicBo: allSicBoBets().length,
      fanTan: allFanTanBets().length,
    };
    for (const game of STUDIO_GAME_IDS) {
      const spots = studioSpots(game);
      expect([game, spots.length]).toEqual([game, engineBets[game]]);
      expect(new Set(spots.map((s) => s.key)).size).toBe(spots.length);
      for (const s of spots) {
        const spec = betSpecOf(game, s.bet);
        expect(s.key).toBe(betSpotKey(spec));
        expect(s.limitKey).toBe(betLimitKey(spec));
        // The bet as the player sends it goes through the definition's own schema.
        expect(gameDefinition(game).betSpecSchema.safeParse(spec).success).toBe(true);
      }
      expect([...new Set(spots.map((s) => s.limitKey))].sort()).toEqual(
        [...gameDefinition(game).limitKeys].sort(),
      );
    }
    expect(studioSpots('dragonTiger').map((s) => s.key)).toEqual(['dragon', 'tiger', 'tie', 'suitedTie']);
    expect(studioSpots('footballStudio').map((s) => s.key)).toEqual(['home', 'away', 'draw']);
  });

  it("shows each spot's highest payout as the definition's largest return, less the stake", () => {
    for (const game of STUDIO_GAME_IDS) {
      const table = config(game);
      for (const s of studioSpots(game, table)) {
        const max = maxReturnRatio(betSpecOf(game, s.bet), table);
        const top = s.pays.at(-1);
        expect([game, s.key, top && top.num * max.den]).toEqual([
          game,
          s.key,
          top && (max.num - max.den) * top.den,
        ]);
      }
    }
    const pays = (game: (typeof STUDIO_GAME_IDS)[number], key: string) =>
      spotPaysText(studioSpots(game).find((s) => s.key === key)!);
    expect(pays('dragonTiger', 'dragon')).toBe('1:1');
    expect(pays('dragonTiger', 'suitedTie')).toBe('50:1');
    expect(pays('sicBo', 'single:3')).toBe('1:1–3:1');
    expect(pays('sicBo', 'total:4')).toBe('60:1');
    expect(pays('fanTan', 'fan:2')).toBe('2.85:1');
    expect(pays('fanTan', 'nim:1-2')).toBe('1.9:1');
  });

  it('lights the spots a result wins, as the definition settles them', () => {
    const won = (game: (typeof STUDIO_GAME_IDS)[number], shown: Record<string, unknown>) =>
      [...winningSpots(game, config(game), shown)].sort();
    expect(won('dragonTiger', { cards: ['KS', '2H'] })).toEqual(['dragon']);
    expect(won('dragonTiger', { cards: ['AS', '2H'] })).toEqual(['tiger']);
    expect(won('footballStudio', { cards: ['AS', '2H'] })).toEqual(['home']);
    expect(won('dragonTiger', { cards: ['7S', '7S'] })).toEqual(['suitedTie', 'tie']);
    const dice = won('sicBo', { dice: [1, 2, 3] });
    expect(dice).toEqual(expect.arrayContaining(['small', 'even', 'total:6', 'combination:1-2', 'single:3']));
    expect(dice).not.toContain('big');
    expect(dice).not.toContain('odd');
    expect(won('sicBo', { dice: [4, 4, 4] })).toEqual(
      expect.arrayContaining(['anyTriple', 'triple:4', 'double:4', 'total:12', 'single:4']),
    );
    expect(won('sicBo', { dice: [4, 4, 4] })).not.toContain('small');
    expect(won('fanTan', { count: 41, result: 1 })).toEqual([
      'fan:1',
      'kwok:1-2',
      'kwok:1-4',
      'nim:1-2',
      'nim:1-3',
      'nim:1-4',
      'odd',
    ]);
    // Every winner is a win of the definition's settlement (a push, Nim's second number, is not lit).
    const table = config('fanTan');
    const spots = studioSpots('fanTan', table);
    const settled = settleRound(
      table,
      { game: 'fanTan', count: 42, result: 2 },
      spots.map((s, i) => ({
        betId: String(i),
        playerId: 'p',
        stake: 100n,
        spec: betSpecOf('fanTan', s.bet),
      })),
    );
    if (!settled.ok) throw new Error(settled.message);
    const wins = settled.items.filter((x) => x.outcome === 'win').map((x) => spots[Number(x.betId)].key);
    expect(won('fanTan', { count: 42, result: 2 })).toEqual(wins.sort());
  });

  it("groups the layout by the engine's bet types, single spots together in the main row", () => {
    expect(spotGroups(studioSpots('sicBo')).map((g) => [g.type, g.spots.length])).toEqual([
      [null, 4],
      ['total', 14],
      ['double', 6],
      ['triple', 6],
      [null, 1],
      ['combination', 15],
      ['single', 6],
    ]);
    expect(spotGroups(studioSpots('dragonTiger')).map((g) => [g.type, g.spots.length])).toEqual([[null, 4]]);
  });

  it('reads a bet back from its spec, either spelling, and a table config from its snapshot', () => {
    expect(betOfSpec({ game: 'sicBo', spec: { type: 'total', total: 9 } })).toEqual({
      type: 'total',
      total: 9,
    });
    expect(betOfSpec({ game: 'dragonTiger', type: 'tie' })).toEqual({ type: 'tie' });
    expect(betOfSpec('nonsense')).toBeNull();
    // The settings as the snapshot carries them (stakes as decimal strings).
    const settings = { ...gameDefinition('fanTan').defaultTableConfig, beadRange: { min: 60, max: 99 } };
    const fanTan = tableConfigOf('fanTan', settings);
    expect(fanTan.game === 'fanTan' && fanTan.beadRange).toEqual({ min: 60, max: 99 });
    expect(tableConfigOf('sicBo', { game: 'fanTan' }).game).toBe('sicBo');
  });

  it("lists the table's limits by the definition's limit keys, with the snapshot's ranges and the payouts", () => {
    const t = (key: string, o?: Record<string, unknown>) => `${key}${o?.total ? ` ${String(o.total)}` : ''}`;
    // The snapshot carries the table's limits as decimal strings of minor units.
    const snapshot = { limits: gameDefinition('sicBo').defaultTableConfig.limits };
    const limits = studioLimits(snapshot, studioSpots('sicBo'), t);
    expect(limits.rows.map((r) => r.key)).toEqual([...gameDefinition('sicBo').limitKeys]);
    expect(limits.rows.find((r) => r.key === 'total9')).toMatchObject({
      label: 'studio.bet.total 9',
      range: { kind: 'range', min: '100', max: '50000' },
      payout: { kind: 'ratio', text: '6:1' },
    });
    expect(limits.rows.find((r) => r.key === 'double')?.label).toBe('studio.group.double');
    expect(studioLimits(null, studioSpots('sicBo'), t).rows).toEqual([]);
  });

  it('has its words in every language, with the same keys and placeholders, none empty', () => {
    const keys = Object.keys(STUDIO_STRINGS.en).sort();
    for (const language of LANGUAGES) {
      const words = STUDIO_STRINGS[language];
      expect([language, Object.keys(words).sort()]).toEqual([language, keys]);
      for (const key of keys) {
        expect(words[key].trim()).not.toBe('');
        expect([key, words[key].match(/{{\w+}}/g) ?? []]).toEqual([
          key,
          STUDIO_STRINGS.en[key].match(/{{\w+}}/g) ?? [],
        ]);
      }
    }
    // A name for every bet type and group of the layout.
    for (const game of STUDIO_GAME_IDS)
      for (const g of spotGroups(studioSpots(game))) {
        if (g.type) expect(keys).toContain(`group.${g.type}`);
        for (const s of g.spots) expect(keys).toContain(`bet.${s.type}`);
      }
  });
});
