import { MissingTopicAccessError, platformAcls, TOPIC_ACCESS } from './platform-acls';

// The platform's topic keys (as @casino/events' TOPICS has them); test/platform-topics.spec.ts checks the real ones.
const TOPICS = Object.fromEntries(Object.keys(TOPIC_ACCESS).map((k) => [k, `casino.${k}`]));

describe('platformAcls', () => {
  const acls = platformAcls(TOPICS, 't1.');
  const who = (operation: string, resourceName: string) =>
    acls
      .filter((a) => a.operation === operation && a.resourceName === resourceName)
      .map((a) => a.principal)
      .sort();

  it('lets the games write round events and bet commands, and only the ledger read them', () => {
    const games = ['User:baccarat', 'User:blackjack', 'User:roulette'];
    expect(who('write', 't1.casino.rounds')).toEqual(games);
    expect(who('write', 't1.casino.betCommands')).toEqual(games);
    expect(who('read', 't1.casino.rounds')).toEqual(['User:ledger']);
    expect(who('read', 't1.casino.betCommands')).toEqual(['User:ledger']);
  });

  it('lets only the ledger write decisions, final bets, settlements, balances and sessions', () => {
    for (const key of ['betDecisions', 'roundBets', 'settlements', 'wallet', 'sessions']) {
      expect(who('write', `t1.casino.${key}`)).toEqual(['User:ledger']);
      expect(who('read', `t1.casino.${key}`)).toEqual(['User:baccarat', 'User:blackjack', 'User:roulette']);
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
      'User:baccarat t1.baccarat',
      'User:blackjack t1.blackjack',
      'User:roulette t1.roulette',
    ]);
  });

  it('lets every service see every platform topic exist (describe), which reads nothing', () => {
    for (const key of Object.keys(TOPIC_ACCESS)) {
      expect(who('describe', `t1.casino.${key}`)).toEqual([
        'User:baccarat',
        'User:blackjack',
        'User:ledger',
        'User:roulette',
      ]);
    }
  });

  it('refuses a topic nobody has decided the access of', () => {
    expect(() => platformAcls({ ...TOPICS, audit: 'casino.audit' }, '')).toThrow(MissingTopicAccessError);
  });
});
