import { GAME_IDS } from '@casino/games';
import { MissingTopicAccessError, platformAcls, TOPIC_ACCESS } from './platform-acls';
import { GAME_PRINCIPALS, gamePrincipalOf } from './principals';

// The platform's topic keys (as @casino/events' TOPICS has them); apps/bet-ledger/test/kafka-security.spec.ts
// grants the real ones on a SASL broker.
const TOPICS = Object.fromEntries(Object.keys(TOPIC_ACCESS).map((k) => [k, `casino.${k}`]));
/** Each game service's principal (a game of its own, or a shared service such as studio-games). */
const GAME_USERS = GAME_PRINCIPALS.map((p) => `User:${p}`);

describe('platformAcls', () => {
  const acls = platformAcls(TOPICS, 't1.');
  const who = (operation: string, resourceName: string) =>
    acls
      .filter((a) => a.operation === operation && a.resourceName === resourceName)
      .map((a) => a.principal)
      .sort();

  it("lets each game's service write only its games' round events and bet commands, and only the ledger read them", () => {
    for (const game of GAME_IDS) {
      const suffix = game[0].toUpperCase() + game.slice(1);
      for (const family of ['rounds', 'betCommands']) {
        expect(who('write', `t1.casino.${family}${suffix}`)).toEqual([`User:${gamePrincipalOf(game)}`]);
        expect(who('read', `t1.casino.${family}${suffix}`)).toEqual(['User:ledger']);
      }
    }
  });

  it('lets only the ledger write decisions, final bets, settlements, balances and sessions', () => {
    for (const key of ['betDecisions', 'roundBets', 'settlements', 'wallet', 'sessions']) {
      expect(who('write', `t1.casino.${key}`)).toEqual(['User:ledger']);
      expect(who('read', `t1.casino.${key}`)).toEqual([...GAME_USERS].sort());
    }
  });

  it('lets the ledger write the dead letters, which no service reads', () => {
    expect(who('write', 't1.casino.deadLetter')).toEqual(['User:ledger']);
    expect(who('read', 't1.casino.deadLetter')).toEqual([]);
  });

  it('grants only exact topics, prefixed groups, allow rules and no admin rights', () => {
    for (const acl of acls) {
      expect(acl.permission).toBe('allow');
      expect(acl.host).toBe('*');
      expect(acl.principal).not.toBe('User:admin');
      expect(['read', 'write', 'describe']).toContain(acl.operation);
      if (acl.resourceType === 'topic') expect(acl.patternType).toBe('literal');
      else expect(acl).toMatchObject({ resourceType: 'group', patternType: 'prefixed', operation: 'read' });
    }
    expect(
      acls.filter((a) => a.resourceType === 'group').map((a) => `${a.principal} ${a.resourceName}`),
    ).toEqual([
      'User:ledger t1.bet-ledger',
      'User:ledger t1.ledger',
      ...GAME_PRINCIPALS.map((p) => `User:${p} t1.${p}`),
    ]);
  });

  it('lets every service see every platform topic exist (describe), which reads nothing', () => {
    for (const key of Object.keys(TOPIC_ACCESS)) {
      expect(who('describe', `t1.casino.${key}`)).toEqual([...GAME_USERS, 'User:ledger'].sort());
    }
  });

  it('refuses a topic nobody has decided the access of', () => {
    expect(() => platformAcls({ ...TOPICS, audit: 'casino.audit' }, '')).toThrow(MissingTopicAccessError);
  });
});
