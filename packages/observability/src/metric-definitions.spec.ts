import { Registry } from 'prom-client';
import {
  GameMetrics,
  HttpMetrics,
  LedgerMetrics,
  METRIC,
  METRIC_PREFIX,
  SeamlessMetrics,
  SocketMetrics,
} from './metric-definitions';
import { initServiceMetrics } from './metrics-registry';

describe('metric definitions', () => {
  it('registers the ledger metrics with bounded labels and the decision buckets', async () => {
    const registry = new Registry();
    const m = new LedgerMetrics(registry);
    m.decisions.inc({ game: 'baccarat', command: 'place', outcome: 'rejected', code: 'INSUFFICIENT_FUNDS' });
    m.decisionSeconds.observe({ game: 'baccarat', command: 'place' }, 0.012);
    const text = await registry.metrics();
    expect(text).toContain(
      `${METRIC.ledgerDecisions}{game="baccarat",command="place",outcome="rejected",code="INSUFFICIENT_FUNDS"} 1`,
    );
    // 12 ms falls in the 15 ms bucket and above, not in the 10 ms one.
    expect(text).toContain(
      `${METRIC.ledgerDecisionSeconds}_bucket{le="0.01",game="baccarat",command="place"} 0`,
    );
    expect(text).toContain(
      `${METRIC.ledgerDecisionSeconds}_bucket{le="0.015",game="baccarat",command="place"} 1`,
    );
    expect(text).toContain(`${METRIC.ledgerDecisionSeconds}_count{game="baccarat",command="place"} 1`);
    const names = (await registry.getMetricsAsJSON()).map((x) => x.name).sort();
    expect(names).toEqual(
      [
        METRIC.ledgerConsumerLag,
        METRIC.ledgerDecisionSeconds,
        METRIC.ledgerDecisions,
        METRIC.ledgerOutboxBacklog,
        METRIC.ledgerQuarantineOpen,
        METRIC.ledgerSettledBets,
        METRIC.ledgerSettlements,
      ].sort(),
    );
  });

  it('refuses a label no metric declares (no player or bet id can slip in)', () => {
    const m = new GameMetrics(new Registry());
    expect(() =>
      m.betsReceived.inc({ table: 'bac-1', outcome: 'pending', playerId: 'p1' } as never),
    ).toThrow();
  });

  it('times round phases and counts game-service bets', async () => {
    const registry = new Registry();
    const m = new GameMetrics(registry);
    m.roundPhaseSeconds.observe({ game: 'roulette', phase: 'spinning' }, 5.2);
    m.betsReceived.inc({ table: 'rou-1', outcome: 'pending' });
    m.kafkaSendFailures.inc();
    const text = await registry.metrics();
    expect(text).toContain(
      `${METRIC.gameRoundPhaseSeconds}_bucket{le="5",game="roulette",phase="spinning"} 0`,
    );
    expect(text).toContain(
      `${METRIC.gameRoundPhaseSeconds}_bucket{le="10",game="roulette",phase="spinning"} 1`,
    );
    expect(text).toContain(`${METRIC.gameBetsReceived}{table="rou-1",outcome="pending"} 1`);
    expect(text).toContain(`${METRIC.gameKafkaSendFailures} 1`);
  });

  it('sums the sockets of every tracked server at scrape time', async () => {
    const registry = new Registry();
    const sockets = new SocketMetrics(registry);
    let a = 2;
    const stop = sockets.track(() => a);
    sockets.track(() => 3);
    expect(await registry.metrics()).toContain(`${METRIC.socketsConnected} 5`);
    a = 4;
    expect(await registry.metrics()).toContain(`${METRIC.socketsConnected} 7`);
    stop();
    expect(await registry.metrics()).toContain(`${METRIC.socketsConnected} 3`);
  });

  it('labels every series with the service and adds the default process metrics', async () => {
    const registry = new Registry();
    initServiceMetrics('bet-ledger', registry);
    new LedgerMetrics(registry).outboxBacklog.set(7);
    const text = await registry.metrics();
    expect(text).toContain(`${METRIC.ledgerOutboxBacklog}{service="bet-ledger"} 7`);
    expect(text).toMatch(/casino_process_cpu_user_seconds_total\{service="bet-ledger"\}/);
  });

  it('names every metric, Node process metrics included, with the one prefix', async () => {
    const registry = new Registry();
    initServiceMetrics('bet-ledger', registry);
    for (const M of [LedgerMetrics, GameMetrics, SocketMetrics, HttpMetrics, SeamlessMetrics])
      new M(registry);
    const names = (await registry.getMetricsAsJSON()).map((x) => x.name);
    expect(names.length).toBeGreaterThan(Object.keys(METRIC).length);
    expect(names.filter((n) => !n.startsWith(METRIC_PREFIX))).toEqual([]);
    expect(Object.values(METRIC).filter((n) => !n.startsWith(METRIC_PREFIX))).toEqual([]);
    expect(names).toEqual(expect.arrayContaining(Object.values(METRIC)));
  });

  it('times seamless wallet calls per operator and keeps a retry backlog per operator', async () => {
    const registry = new Registry();
    const m = new SeamlessMetrics(registry);
    m.callSeconds.observe({ operator: 'acme', call: 'debit', outcome: 'unknown' }, 3);
    m.retryBacklog.set({ operator: 'acme' }, 4);
    const text = await registry.metrics();
    expect(text).toContain(
      `${METRIC.seamlessCallSeconds}_count{operator="acme",call="debit",outcome="unknown"} 1`,
    );
    expect(text).toContain(`${METRIC.seamlessRetryBacklog}{operator="acme"} 4`);
  });
});
