import { GAME_IDS } from '@casino/games';
import {
  baseTopicOf,
  gameOfTopic,
  gameTopic,
  gameTopicOf,
  gameTopics,
  prefixedTopics,
  prefixedTopicSpecs,
  TOPIC_GAMES,
  TOPIC_SPECS,
  TOPICS,
} from './topics';

describe('topics', () => {
  it('gives each game its own rounds and bet-commands topics', () => {
    const t = prefixedTopics('t1.');
    expect(gameTopic(t, 'rounds', 'baccarat')).toBe('t1.casino.rounds.baccarat');
    expect(gameTopic(t, 'betCommands', 'roulette')).toBe('t1.casino.bet-commands.roulette');
    // One of each per game of the registry, in its order.
    expect(gameTopics(t, 'rounds')).toEqual(GAME_IDS.map((g) => `t1.casino.rounds.${g}`));
    expect(gameTopics(prefixedTopics(), 'betCommands')).toEqual(
      GAME_IDS.map((g) => `casino.bet-commands.${g}`),
    );
    expect(gameTopics(t, 'rounds').slice(0, 3)).toEqual([
      't1.casino.rounds.baccarat',
      't1.casino.rounds.blackjack',
      't1.casino.rounds.roulette',
    ]);
  });

  it('maps a (prefixed) topic back to its family and game', () => {
    for (const game of TOPIC_GAMES) {
      for (const family of ['rounds', 'betCommands'] as const) {
        const name = gameTopic(prefixedTopics('run-7.'), family, game);
        expect(gameTopicOf(name)).toEqual({ family, game });
        expect(gameOfTopic(name)).toBe(game);
      }
    }
    expect(gameOfTopic(TOPICS.betDecisions)).toBeUndefined();
    expect(gameOfTopic('x.casino.rounds')).toBeUndefined();
    expect(gameOfTopic('casino.rounds.poker')).toBeUndefined();
  });

  it('names the base an event definition uses', () => {
    expect(baseTopicOf('p.casino.rounds.blackjack')).toBe('casino.rounds');
    expect(baseTopicOf(TOPICS.betCommandsRoulette)).toBe('casino.bet-commands');
    expect(baseTopicOf('p.casino.settlements')).toBe('casino.settlements');
    expect(baseTopicOf('somewhere.else')).toBeUndefined();
  });

  it('lists every topic once with its partitions, prefixed on demand', () => {
    expect(TOPIC_SPECS.map((s) => s.name).sort()).toEqual(Object.values(TOPICS).sort());
    expect(prefixedTopicSpecs('q.').map((s) => s.name)).toEqual(TOPIC_SPECS.map((s) => 'q.' + s.name));
    for (const s of TOPIC_SPECS) expect(s.partitions).toBeGreaterThan(0);
  });
});
