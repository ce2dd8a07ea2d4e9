import { capitalizedGameId, GAME_IDS } from '@casino/games';
import { GROUP_PREFIXES, TOPIC_ACCESS } from './platform-acls';
import { GAME_PRINCIPALS, gamePrincipalOf, PLATFORM_PRINCIPALS } from './principals';

describe('the games registry in Kafka security', () => {
  it.each(GAME_IDS)(
    "%s has its service's principal, its consumer groups and the only write access to its topics",
    (game) => {
      const principal = gamePrincipalOf(game);
      expect(GAME_PRINCIPALS).toContain(principal);
      expect(PLATFORM_PRINCIPALS).toContain(principal);
      expect(GROUP_PREFIXES[principal]).toEqual([principal]);
      for (const family of ['rounds', 'betCommands']) {
        expect(TOPIC_ACCESS[family + capitalizedGameId(game)]).toEqual({
          writers: [principal],
          readers: ['ledger'],
        });
      }
    },
  );

  it('gives the studio games to the studio-games service, the first three games their own', () => {
    expect(
      ['dragonTiger', 'footballStudio', 'sicBo', 'fanTan'].map((g) => gamePrincipalOf(g as never)),
    ).toEqual(Array(4).fill('studio-games'));
    expect(GAME_PRINCIPALS).toEqual(['baccarat', 'blackjack', 'roulette', 'studio-games']);
  });
});
