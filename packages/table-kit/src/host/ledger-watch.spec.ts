import { makeEvent } from '@casino/events';
import { LedgerWatch } from './ledger-watch';

const TIMEOUT = 5_000;

const bet = {
  tableId: 't1',
  game: 'baccarat' as const,
  playerId: 'p1',
  operatorId: 'op',
  currency: 'EUR',
  stake: 100n,
  bet: { game: 'baccarat' as const, type: 'player' as const },
};

const placeBet = (roundId: string) => makeEvent('PlaceBet', { ...bet, roundId });

const accepted = (commandId: string, roundId: string) =>
  makeEvent('BetAccepted', { ...bet, roundId, commandId, betId: `b-${commandId}`, balance: 0n });

/** An event for the table that answers no command. */
const noAnswer = () => makeEvent('BettingClosed', { tableId: 't1', roundId: 'r1', game: 'baccarat' });

/** The rules of LedgerWatch written as plain scans over every command, to check the indexed answers against. */
class ScanningWatch {
  readonly outstanding = new Map<string, { roundId: string; sentAt: number }>();
  heardAt = Number.NEGATIVE_INFINITY;
  sent(id: string, roundId: string, at: number) {
    this.outstanding.set(id, { roundId, sentAt: at });
  }
  heard(commandId: string | undefined, at: number) {
    this.heardAt = Math.max(this.heardAt, at);
    if (commandId !== undefined) this.outstanding.delete(commandId);
  }
  pendingIn(roundId: string) {
    return [...this.outstanding.values()].some((o) => o.roundId === roundId);
  }
  dueIn(roundId: string, now: number) {
    const mine = [...this.outstanding.values()].filter((o) => o.roundId === roundId);
    return mine.length > 0 && mine.every((o) => o.sentAt + TIMEOUT <= now);
  }
  unreachable(now: number) {
    return (
      this.heardAt + TIMEOUT <= now && [...this.outstanding.values()].some((o) => o.sentAt + TIMEOUT <= now)
    );
  }
  catchingUp(now: number) {
    return (
      now < this.heardAt + TIMEOUT &&
      [...this.outstanding.values()].some((o) => o.sentAt + TIMEOUT <= this.heardAt)
    );
  }
  nextCheck(now: number) {
    if (this.outstanding.size === 0) return undefined;
    const moments = [...this.outstanding.values()].map((o) => o.sentAt + TIMEOUT);
    moments.push(this.heardAt + TIMEOUT);
    const ahead = moments.filter((m) => m > now);
    return ahead.length === 0 ? undefined : Math.min(...ahead);
  }
}

/** A small seeded generator: the same sequence of sends, answers and checks on every run. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s % n;
  };
}

describe('LedgerWatch', () => {
  it('answers as a scan of every command would, over random sends, answers and silences', () => {
    const seen = { unreachable: 0, catchingUp: 0, dueIn: 0 };
    for (const seed of [1, 2, 3]) {
      const next = lcg(seed);
      const watch = new LedgerWatch(TIMEOUT);
      const scan = new ScanningWatch();
      const sentIds: { id: string; roundId: string }[] = [];
      let now = 0;
      for (let step = 0; step < 2_000; step++) {
        // Now and then a silence of seconds (the ledger stopped, or the table idle).
        now += next(20) === 0 ? 2_000 + next(6_000) : next(400);
        const roundId = `r${Math.floor(step / 500)}`;
        const action = next(10);
        if (action < 4) {
          const cmd = placeBet(roundId);
          watch.sent(cmd, now);
          scan.sent(cmd.id, roundId, now);
          sentIds.push({ id: cmd.id, roundId });
        } else if (action < 8 && sentIds.length > 0) {
          // The ledger answers some command, in no particular order (or a duplicate answer).
          const { id, roundId: r } = sentIds[next(sentIds.length)];
          watch.heard(accepted(id, r), now);
          scan.heard(id, now);
        } else if (action === 8) {
          // The ledger speaks about something else: heard, nothing answered.
          watch.heard(noAnswer(), now);
          scan.heard(undefined, now);
        }
        const asked = `r${next(7)}`;
        const context = `seed ${seed}, step ${step}, round ${asked}`;
        expect([context, watch.pendingIn(asked)]).toEqual([context, scan.pendingIn(asked)]);
        expect([context, watch.dueIn(asked, now)]).toEqual([context, scan.dueIn(asked, now)]);
        expect([context, watch.unreachable(now)]).toEqual([context, scan.unreachable(now)]);
        expect([context, watch.catchingUp(now)]).toEqual([context, scan.catchingUp(now)]);
        expect([context, watch.nextCheck(now)]).toEqual([context, scan.nextCheck(now)]);
        if (scan.unreachable(now)) seen.unreachable++;
        if (scan.catchingUp(now)) seen.catchingUp++;
        if (scan.dueIn(asked, now)) seen.dueIn++;
      }
    }
    // The sequences reach every state the checks tell apart.
    expect(seen.unreachable).toBeGreaterThan(50);
    expect(seen.catchingUp).toBeGreaterThan(50);
    expect(seen.dueIn).toBeGreaterThan(50);
  });

  it('keeps waiting for every command of a round of more than ten thousand', () => {
    const watch = new LedgerWatch(TIMEOUT);
    const commands = Array.from({ length: 12_000 }, () => placeBet('r1'));
    commands.forEach((c, i) => watch.sent(c, i * 0.25));
    // All but the first one are answered: the round still waits for it.
    for (const c of commands.slice(1)) watch.heard(accepted(c.id, 'r1'), 30_000);
    expect(watch.pendingIn('r1')).toBe(true);
    expect(watch.dueIn('r1', 4_999)).toBe(false);
    expect(watch.dueIn('r1', 5_000)).toBe(true);
    watch.heard(accepted(commands[0].id, 'r1'), 30_001);
    expect(watch.pendingIn('r1')).toBe(false);
    expect(watch.dueIn('r1', 99_999)).toBe(false);
  });

  it('watches a command sent again from its new send time', () => {
    const watch = new LedgerWatch(TIMEOUT);
    const cmd = placeBet('r1');
    watch.sent(cmd, 0);
    watch.sent(cmd, 3_000);
    expect(watch.dueIn('r1', 5_000)).toBe(false);
    expect(watch.unreachable(5_000)).toBe(false);
    expect(watch.dueIn('r1', 8_000)).toBe(true);
    expect(watch.unreachable(8_000)).toBe(true);
  });

  it('tells a silent ledger from one working through a burst', () => {
    const watch = new LedgerWatch(TIMEOUT);
    const first = placeBet('r1');
    const second = placeBet('r1');
    watch.sent(first, 0);
    watch.sent(second, 1_000);
    // At 6 s the first command is overdue, but the ledger answered the second at 5.5 s: it is behind, not gone.
    watch.heard(accepted(second.id, 'r1'), 5_500);
    expect(watch.unreachable(6_000)).toBe(false);
    expect(watch.catchingUp(6_000)).toBe(true);
    expect(watch.nextCheck(6_000)).toBe(10_500);
    // Silent for a whole timeout after that: unreachable.
    expect(watch.unreachable(10_499)).toBe(false);
    expect(watch.unreachable(10_500)).toBe(true);
    expect(watch.catchingUp(10_500)).toBe(false);
  });
});
