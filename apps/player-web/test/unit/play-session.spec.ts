import {
  acknowledgeCheck,
  formatElapsed,
  newPlaySession,
  parsePlaySession,
  realityCheckDue,
  sessionTimeReached,
  settledSince,
  withSettledRound,
} from '../../src/responsible/play-session';
import { RG_STRINGS } from '../../src/responsible/rg-strings';
import { LANGUAGES } from '../../src/i18n/languages';

const START = Date.parse('2026-12-05T10:00:00Z');
const MIN = 60_000;

describe('the play session (clock, net result, reality checks)', () => {
  it('counts each settled round once, live or fetched after a reconnection', () => {
    let s = newPlaySession(START);
    s = withSettledRound(s, 'rou-1/r1', -500n) ?? s;
    s = withSettledRound(s, 'rou-1/r2', 1_700n) ?? s;
    expect(withSettledRound(s, 'rou-1/r2', 1_700n)).toBeNull();
    expect(s.net).toBe('1200');
    // Exact beyond 2^53.
    expect(withSettledRound(s, 'x/y', 2n ** 62n)?.net).toBe((2n ** 62n + 1200n).toString());
  });

  it('is due a reality check after each interval until the player continues', () => {
    const s = newPlaySession(START);
    expect(realityCheckDue(s, 30 * MIN, START + 29 * MIN)).toBe(false);
    expect(realityCheckDue(s, 30 * MIN, START + 30 * MIN)).toBe(true);
    const seen = acknowledgeCheck(s, 30 * MIN, START + 31 * MIN);
    expect(realityCheckDue(seen, 30 * MIN, START + 59 * MIN)).toBe(false);
    expect(realityCheckDue(seen, 30 * MIN, START + 60 * MIN)).toBe(true);
    // Away for two intervals: one check, then the next one interval later.
    const late = acknowledgeCheck(s, 30 * MIN, START + 95 * MIN);
    expect(realityCheckDue(late, 30 * MIN, START + 119 * MIN)).toBe(false);
    expect(realityCheckDue(s, null, START + 1000 * MIN)).toBe(false);
  });

  it("stops at the player's own session-time limit", () => {
    const s = newPlaySession(START);
    expect(sessionTimeReached(s, 60, START + 59 * MIN)).toBe(false);
    expect(sessionTimeReached(s, 60, START + 60 * MIN)).toBe(true);
    expect(sessionTimeReached(s, null, START + 600 * MIN)).toBe(false);
  });

  it('formats the clock in the locale and restores only a well-formed session of the same start', () => {
    expect(formatElapsed(3_723_000, 'en')).toBe('1:02:03');
    expect(formatElapsed(65_000, 'fa')).toBe('۰:۰۱:۰۵');
    const s = withSettledRound(newPlaySession(START), 't/r', -5n);
    expect(parsePlaySession(JSON.stringify(s), START)).toEqual(s);
    expect(parsePlaySession(JSON.stringify(s), START + 1000)).toEqual(newPlaySession(START + 1000));
    expect(parsePlaySession(JSON.stringify({ ...s, net: '1.5' }), START)).toEqual(newPlaySession(START));
    expect(parsePlaySession('{oops', START)).toEqual(newPlaySession(START));
  });

  it("takes from the history the table's rounds settled since the session started, oldest first", () => {
    const round = (roundId: string, tableId: string, status: string, finishedAt: string | null) => ({
      tableId,
      roundId,
      status,
      finishedAt,
      staked: '100',
      returned: '200',
    });
    const items = [
      round('r4', 'rou-1', 'settled', '2026-12-05T10:05:00Z'),
      round('r3', 'rou-1', 'open', null),
      round('r2', 'bac-1', 'settled', '2026-12-05T10:04:00Z'),
      round('r1', 'rou-1', 'settled', '2026-12-05T10:03:00Z'),
      round('r0', 'rou-1', 'settled', '2026-12-05T09:00:00Z'),
    ];
    expect(settledSince(items, 'rou-1', START).map((r) => r.roundId)).toEqual(['r1', 'r4']);
  });
});

describe('the play-safe words', () => {
  it('exist in every language with the same keys and placeholders, none empty', () => {
    const keys = Object.keys(RG_STRINGS.en).sort();
    for (const language of LANGUAGES) {
      const words = RG_STRINGS[language];
      expect(Object.keys(words).sort()).toEqual(keys);
      for (const key of keys) {
        expect(words[key].trim()).not.toBe('');
        expect(words[key].match(/{{\w+}}/g) ?? []).toEqual(RG_STRINGS.en[key].match(/{{\w+}}/g) ?? []);
      }
    }
  });
});
