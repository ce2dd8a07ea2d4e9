import { capitalizedGameId, GAME_IDS } from '@casino/games';
import { GROUP_PREFIXES, TOPIC_ACCESS } from './platform-acls';
import { GAME_PRINCIPALS, PLATFORM_PRINCIPALS } from './principals';

describe('the games registry in Kafka security', () => {
  it.each(GAME_IDS)(
    '%s has its principal, its consumer groups and the only write access to its topics',
    (game) => {
      expect(GAME_PRINCIPALS).toContain(game);
      expect(PLATFORM_PRINCIPALS).toContain(game);
      expect(GROUP_PREFIXES[game]).toEqual([game]);
      for (const family of ['rounds', 'betCommands']) {
        expect(TOPIC_ACCESS[family + capitalizedGameId(game)]).toEqual({
          writers: [game],
          readers: ['ledger'],
        });
      }
    },
  );
});
