import {
  type AnyGameDefinition,
  betSpecSchema,
  betSpotKey,
  consumedCards,
  dealsFromShoe,
  exactBetMoments,
  GAME_IDS,
  gameDefinition,
  GAMES,
  gamesOfService,
  roundResultPayloadSchema,
  settleRound,
  tableConfigSchema,
  UnknownGameError,
} from './registry';

describe('the games registry', () => {
  it('lists each game once, by its definition id', () => {
    expect(GAME_IDS).toEqual([
      'baccarat',
      'blackjack',
      'roulette',
      'dragonTiger',
      'footballStudio',
      'sicBo',
      'fanTan',
    ]);
    for (const id of GAME_IDS) expect(gameDefinition(id).id).toBe(id);
  });

  it("parses every game's default table settings through the union", () => {
    for (const game of GAMES) expect(tableConfigSchema.parse(game.defaultTableConfig).game).toBe(game.id);
  });

  it("applies a game's own table checks in the union (blackjack's validateTableRules)", () => {
    const config = { ...gameDefinition('blackjack').defaultTableConfig, decks: 9 };
    expect(tableConfigSchema.safeParse(config).success).toBe(false);
  });

  it('refuses an unknown game by name instead of falling through', () => {
    expect(() => gameDefinition('keno')).toThrow(UnknownGameError);
    expect(() => gameDefinition('keno')).toThrow(/keno/);
    expect(() => dealsFromShoe('keno')).toThrow(UnknownGameError);
    expect(() => exactBetMoments('keno', 'big', null)).toThrow(UnknownGameError);
    expect(() => consumedCards({ game: 'keno' } as never)).toThrow(UnknownGameError);
  });

  it('knows which games deal from a shoe and what their results consumed', () => {
    expect(GAME_IDS.filter(dealsFromShoe)).toEqual([
      'baccarat',
      'blackjack',
      'dragonTiger',
      'footballStudio',
    ]);
    const baccarat = roundResultPayloadSchema.parse({ game: 'baccarat', cards: ['9H', '2C', 'KD', '3S'] });
    expect(consumedCards(baccarat)).toEqual(['9H', '2C', 'KD', '3S']);
    expect(
      consumedCards(roundResultPayloadSchema.parse({ game: 'roulette', pocket: 7, revolutions: 5 })),
    ).toEqual([]);
    // Dice and beads consume no cards.
    expect(consumedCards(roundResultPayloadSchema.parse({ game: 'sicBo', dice: [1, 2, 3] }))).toEqual([]);
    expect(consumedCards(roundResultPayloadSchema.parse({ game: 'fanTan', count: 41, result: 1 }))).toEqual(
      [],
    );
  });

  it('settles through the definition and refuses a result of another game', () => {
    const table = tableConfigSchema.parse(gameDefinition('roulette').defaultTableConfig);
    const bet = betSpecSchema.parse({ game: 'roulette', spec: { type: 'red' } });
    const red = roundResultPayloadSchema.parse({ game: 'roulette', pocket: 1, revolutions: 5 });
    expect(settleRound(table, red, [{ betId: 'b', playerId: 'p', stake: 100n, spec: bet }])).toEqual({
      ok: true,
      items: [{ betId: 'b', returned: 200n, outcome: 'win' }],
    });
    const cards = roundResultPayloadSchema.parse({ game: 'baccarat', cards: ['9H', '2C', 'KD', '3S'] });
    expect(settleRound(table, cards, [])).toMatchObject({ ok: false, code: 'RESULT_MISMATCH' });
  });

  it('gives exact returns where the game has them', () => {
    expect(exactBetMoments('roulette', 'red', null)?.rtp).toBeCloseTo(36 / 37, 12);
    expect(exactBetMoments('blackjack', 'main', null)).toBeUndefined();
    expect(exactBetMoments('sicBo', 'big', null)?.rtp).toBeCloseTo(35 / 36, 12);
    expect(exactBetMoments('fanTan', 'fan', { payTable: 'standard' })?.rtp).toBeCloseTo(0.9625, 12);
  });

  it("gives every studio game a layout of its own bets, results and sides, and the others' reason", () => {
    for (const game of GAMES) {
      // Any game's layout, as a client reads it through the registry.
      const layout: AnyGameDefinition['layout'] = game.layout;
      if (layout.kind === 'none') {
        // Only a game whose own view draws it goes without; the studio service's games all have one.
        expect(gamesOfService('studio-games')).not.toContain(game.id);
        expect(layout.reason.length).toBeGreaterThan(0);
        continue;
      }
      const config = tableConfigSchema.parse(game.defaultTableConfig);
      const bets = layout.bets().map((bet) => betSpecSchema.parse(bet));
      expect(bets.length).toBeGreaterThan(0);
      expect(new Set(bets.map(betSpotKey)).size).toBe(bets.length);
      const results = layout.results(config).map((r) => roundResultPayloadSchema.parse(r));
      expect(results.every((r) => r.game === game.id)).toBe(true);
      // Each result settles every bet of the layout: the payouts a spot shows come from here.
      const probe = bets.map((spec, i) => ({ betId: String(i), playerId: 'p', stake: 100n, spec }));
      expect(results.every((r) => settleRound(config, r, probe).ok)).toBe(true);
      if (layout.kind === 'cards') {
        const { first, second, tie } = layout.sides ?? { first: null, second: null, tie: null };
        expect(game.limitKeys).toEqual(expect.arrayContaining([first?.bet, second?.bet, tie]));
      } else {
        expect(layout.sides).toBeNull();
      }
    }
    expect(gameDefinition('dragonTiger').layout).toMatchObject({
      kind: 'cards',
      sides: {
        first: { name: 'Dragon', bet: 'dragon' },
        second: { name: 'Tiger', bet: 'tiger' },
        tie: 'tie',
      },
    });
    expect(gameDefinition('footballStudio').layout).toMatchObject({
      sides: { first: { name: 'Home', bet: 'home' }, second: { name: 'Away', bet: 'away' }, tie: 'draw' },
    });
    expect(gameDefinition('sicBo').layout.kind).toBe('dice');
    expect(gameDefinition('fanTan').layout.kind).toBe('beads');
  });
});
