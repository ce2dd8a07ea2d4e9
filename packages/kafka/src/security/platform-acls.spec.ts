import { GAME_IDS } from '@casino/games';
import { MissingTopicAccessError, platformAcls, TOPIC_ACCESS } from './platform-acls';

// The platform's topic keys (as @casino/events' TOPICS has them); apps/bet-ledger/test/kafka-security.spec.ts
// grants the real ones on a SASL broker.
const TOPICS = Object.fromEntries(Object.keys(TOPIC_ACCESS).map((k) => [k, `casino.${k}`]));
/** Every game of the registry is a service with its own principal. */
const GAME_USERS = GAME_IDS.map((g) => `User:${g}`);

describe('platformAcls', () => {
  const acls = platformAcls(TOPICS, 't1.');
  const who = (operation: string, resourceName: string) =>
    acls
      .filter((a) => a.operation === operation && a.resourceName === resourceName)
      .map((a) => a.principal)
      .sort();

  it("lets each game write only its own game's round events and bet commands, and only the ledger read them", () => {
    for (const game of GAME_IDS) {
      const suffix = game[0].toUpperCase() + game.slice(1);
      for (const family of ['rounds', 'betCommands']) {
        expect(who('write', `t1.casino.${family}${suffix}`)).toEqual([`User:${game}`]);
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
      ...GAME_IDS.map((g) => `User:${g} t1.${g}`),
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
