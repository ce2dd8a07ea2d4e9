import { availabilityOf } from '../host/table-availability';
import { dispatchToTable } from './player-gateway';
import { drainTables, flushOutbox } from './service-drain';

function runtime(undecided: number) {
  const r = {
    moving: false,
    undecided,
    beginMove: () => (r.moving = true),
    settle: async () => undefined,
    awaitingDecisions: () => r.undecided,
  };
  return r;
}

describe('drainTables', () => {
  const outbox = { flush: jest.fn(async () => true) };

  it('stops bets on every table first, then waits until every bet sent is decided', async () => {
    const a = runtime(2);
    const b = runtime(0);
    const logs: string[] = [];
    setTimeout(() => (a.undecided = 0), 60);
    const started = Date.now();
    const report = await drainTables(
      { runtimes: [a, b], outbox, log: (m) => logs.push(m) },
      { decisionsMs: 5_000, outboxMs: 100 },
    );
    expect([a.moving, b.moving]).toEqual([true, true]);
    expect(report).toEqual({ undecided: 0 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(logs).toEqual(['draining: no new bets; every bet sent is decided']);
  });

  it('gives up after decisionsMs and says how many are left for the next holder', async () => {
    const a = runtime(3);
    const logs: string[] = [];
    const report = await drainTables(
      { runtimes: [a], outbox, log: (m) => logs.push(m) },
      { decisionsMs: 80, outboxMs: 100 },
    );
    expect(report).toEqual({ undecided: 3 });
    expect(logs[0]).toMatch(/3 bet\(s\) still undecided after 80 ms/);
  });

  it('flushOutbox reports an outbox it could not empty in time', async () => {
    const logs: string[] = [];
    const stuck = { flush: jest.fn(async () => false) };
    expect(
      await flushOutbox(
        { runtimes: [], outbox: stuck, log: (m) => logs.push(m) },
        { decisionsMs: 0, outboxMs: 7 },
      ),
    ).toBe(false);
    expect(stuck.flush).toHaveBeenCalledWith(7);
    expect(logs[0]).toMatch(/not empty after 7 ms/);
  });
});

describe('a table moving away (its instance draining)', () => {
  it('refuses a bet with the retry code TABLE_PAUSED and says the table is moving, before anything else', async () => {
    const availability = availabilityOf(new Set(['kafka', 'moving'] as const), 1000);
    expect(availability).toMatchObject({ status: 'paused', pausedFor: ['moving', 'kafka'] });
    const host = { availability, dispatch: jest.fn(async () => ({ ok: true })) };
    const answer = await dispatchToTable(host, 't1', { kind: 'placeBet' });
    expect(answer).toEqual({
      ok: false,
      code: 'TABLE_PAUSED',
      message: 'the table is moving to another server: reconnect and bet again in a moment',
    });
    expect(host.dispatch).not.toHaveBeenCalled();
  });
});
