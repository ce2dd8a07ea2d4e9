import {
  betSpecSchema,
  consumedCards,
  dealsFromShoe,
  exactBetMoments,
  GAME_IDS,
  gameDefinition,
  GAMES,
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
});
