import { GAME_IDS } from '@casino/games';
import {
  betSpecSchema,
  gameSchema,
  gameTopic,
  prefixedTopics,
  TOPIC_SPECS,
  tableConfigSchema,
} from './index';

describe('events built from the games registry', () => {
  it('the game enum is the registry', () => {
    expect(gameSchema.options).toEqual([...GAME_IDS]);
    expect(gameSchema.safeParse('keno').success).toBe(false);
  });

  it.each(GAME_IDS)('%s has a rounds and a bet-commands topic', (game) => {
    const topics = prefixedTopics('');
    expect(gameTopic(topics, 'rounds', game)).toBe(`casino.rounds.${game}`);
    expect(gameTopic(topics, 'betCommands', game)).toBe(`casino.bet-commands.${game}`);
    const names = TOPIC_SPECS.map((t) => t.name as string);
    expect(names).toEqual(expect.arrayContaining([`casino.rounds.${game}`, `casino.bet-commands.${game}`]));
  });

  it('refuses a bet or a table of a game outside the registry', () => {
    expect(betSpecSchema.safeParse({ game: 'keno', type: 'dragon' }).success).toBe(false);
    expect(tableConfigSchema.safeParse({ game: 'keno', limits: {} }).success).toBe(false);
  });
});
