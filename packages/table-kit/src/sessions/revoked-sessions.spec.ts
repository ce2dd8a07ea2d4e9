import { RevokedSessions } from './revoked-sessions';

const HOUR = 3600_000;
const a42 = { operatorId: 'op-a', playerId: '42' };
const b42 = { operatorId: 'op-b', playerId: '42' };

describe('RevokedSessions', () => {
  let now: number;
  const memory = (maxEntries = 100) =>
    new RevokedSessions(() => now, { maxTokenLifetimeMs: 24 * HOUR, maxEntries });
  beforeEach(() => (now = 1_000 * HOUR));

  it('refuses a revoked session id of that (operator, player) only', () => {
    const revoked = memory();
    revoked.remember({ ...a42, sessionId: 's1', revokedAtMs: now });
    expect(revoked.refusal({ ...a42, sid: 's1', iat: now / 1000 - 60 })).toMatch(/ended this game session/);
    expect(revoked.refusal({ ...a42, sid: 's2', iat: now / 1000 - 60 })).toBeUndefined();
    expect(revoked.refusal({ ...a42 })).toBeUndefined();
    // Another operator's "42" with the same session id is someone else.
    expect(revoked.refusal({ ...b42, sid: 's1', iat: now / 1000 - 60 })).toBeUndefined();
  });

  it('a player-wide revocation refuses tokens issued at or before it, and tokens without iat', () => {
    const revoked = memory();
    const at = now;
    revoked.remember({ ...a42, revokedAtMs: at });
    expect(revoked.refusal({ ...a42, sid: 'old', iat: at / 1000 - 1 })).toMatch(/every game session/);
    expect(revoked.refusal({ ...a42, sid: 'same-second', iat: at / 1000 })).toBeDefined();
    expect(revoked.refusal({ ...a42 })).toBeDefined();
    expect(revoked.refusal({ ...a42, sid: 'new', iat: at / 1000 + 1 })).toBeUndefined();
    expect(revoked.refusal({ ...b42, iat: at / 1000 - 1 })).toBeUndefined();
    // An older player-wide revocation learnt later does not move the line back.
    revoked.remember({ ...a42, revokedAtMs: at - HOUR });
    expect(revoked.refusal({ ...a42, iat: at / 1000 - 60 })).toBeDefined();
  });

  it("an operator-wide revocation refuses every earlier token of the operator's players, no one else's", () => {
    const revoked = memory();
    const at = now;
    revoked.remember({ operatorId: 'op-a', revokedAtMs: at });
    expect(revoked.refusal({ ...a42, sid: 's1', iat: at / 1000 - 1 })).toMatch(/suspended/);
    expect(revoked.refusal({ operatorId: 'op-a', playerId: '7', iat: at / 1000 })).toBeDefined();
    expect(revoked.refusal({ ...a42 })).toBeDefined();
    expect(revoked.refusal({ ...a42, iat: at / 1000 + 1 })).toBeUndefined();
    expect(revoked.refusal({ ...b42, iat: at / 1000 - 1 })).toBeUndefined();
    expect(revoked.size()).toEqual({ sessions: 0, players: 0, operators: 1 });
  });

  it('keeps a revocation for the longest token life after it was made, then forgets it', () => {
    const revoked = memory();
    revoked.remember({ ...a42, sessionId: 's1', revokedAtMs: now });
    revoked.remember({ ...b42, revokedAtMs: now });
    now += 24 * HOUR - 1;
    expect(revoked.refusal({ ...a42, sid: 's1', iat: 1 })).toBeDefined();
    expect(revoked.refusal({ ...b42, iat: 1 })).toBeDefined();
    now += 1;
    expect(revoked.refusal({ ...a42, sid: 's1', iat: 1 })).toBeUndefined();
    expect(revoked.refusal({ ...b42, iat: 1 })).toBeUndefined();
    // The next revocation drops the expired entries.
    revoked.remember({ ...a42, sessionId: 's2', revokedAtMs: now });
    expect(revoked.size()).toEqual({ sessions: 1, players: 0, operators: 0 });
    // One made longer ago than any token lives (a replayed event) concerns no live token: not kept.
    revoked.remember({ ...a42, sessionId: 's3', revokedAtMs: now - 25 * HOUR });
    expect(revoked.size()).toEqual({ sessions: 1, players: 0, operators: 0 });
  });

  it('keeps at most maxEntries of each kind, the oldest learnt going first', () => {
    const revoked = memory(3);
    for (let i = 1; i <= 5; i++) revoked.remember({ ...a42, sessionId: `s${i}`, revokedAtMs: now });
    for (let i = 1; i <= 5; i++)
      revoked.remember({ operatorId: 'op-a', playerId: `p${i}`, revokedAtMs: now });
    expect(revoked.size()).toEqual({ sessions: 3, players: 3, operators: 0 });
    expect(revoked.refusal({ ...a42, sid: 's2' })).toBeUndefined();
    expect(revoked.refusal({ ...a42, sid: 's3' })).toBeDefined();
    expect(revoked.refusal({ operatorId: 'op-a', playerId: 'p2' })).toBeUndefined();
    expect(revoked.refusal({ operatorId: 'op-a', playerId: 'p5' })).toBeDefined();
  });
});
