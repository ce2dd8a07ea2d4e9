import { eventually } from '@casino/service-testing';
import { createKafka } from '@casino/test-support';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { Bettor } from './support/bettor';
import { LiveTable, openLiveTable } from './support/harness';

/**
 * The real ledger (a process) and a roulette service on three Kafka brokers (infra/kafka/cluster.sh: every topic
 * replicated 3 times, min.insync.replicas 2, as the production topics Job makes them). Players bet on every round;
 * the broker leading most of the run's partitions is killed mid-round, the table plays on, the broker comes back:
 * every acknowledged bet is decided once, every accepted bet settled or refunded once, every wallet holds what the
 * engine implies.
 */
const CLUSTER = join(__dirname, '../../../infra/kafka/cluster.sh');
// A cluster of this suite's own (ports, storage): the suites with three-broker tests run side by side under turbo.
const CLUSTER_ENV = {
  ...process.env,
  KAFKA_CLUSTER_PORT: '29292',
  KAFKA_CLUSTER_STATE_DIR: join(__dirname, '../../../infra/kafka/.cache/cluster-roulette-service'),
};
const cluster = (...args: string[]) =>
  execFileSync('bash', [CLUSTER, ...args], { encoding: 'utf8', env: CLUSTER_ENV });

jest.setTimeout(300_000);

const TABLE = 'rou-k3';
const TABLES = [{ id: TABLE, dealer: 'auto', timers: { bettingMs: 2000, spinMs: 300, resultMs: 500 } }];
const PLAYERS = ['amy', 'bob', 'cid', 'dee'];
const DEPOSIT = 1_000_000n;

describe('a roulette table on three Kafka brokers, one killed mid-round (real ledger and service)', () => {
  let live: LiveTable;
  const bettors: Bettor[] = [];
  let killed: string | undefined;
  const previousBrokers = process.env.KAFKA_BROKERS;

  beforeAll(async () => {
    cluster('up');
    // The harness, the ledger process and the service take their brokers from the environment.
    process.env.KAFKA_BROKERS = cluster('brokers').trim();
    live = await openLiveTable(TABLES, { deposits: Object.fromEntries(PLAYERS.map((p) => [p, DEPOSIT])) });
    for (const player of PLAYERS) {
      const client = await live.client(player);
      await client.request('join', { tableId: TABLE });
      bettors.push(new Bettor(player, client, TABLE));
    }
  }, 240_000);

  afterAll(async () => {
    for (const b of bettors) b.active = false;
    await live?.close();
    if (previousBrokers === undefined) delete process.env.KAFKA_BROKERS;
    else process.env.KAFKA_BROKERS = previousBrokers;
    if (killed !== undefined) cluster('start', killed);
    cluster('down');
  }, 120_000);

  const amy = () => bettors[0].client;

  /** A round opened after `since` settled. */
  const settledSince = (since: number) =>
    eventually(() => {
      const opened = new Set(
        amy()
          .received.filter((m) => m.name === 'round:opened' && m.at >= since)
          .map((m) => m.payload.roundId),
      );
      return amy().received.some((m) => m.name === 'round:settled' && opened.has(m.payload.roundId));
    }, 120_000);

  /** The broker leading most partitions of this run's topics. */
  async function busiestBroker(): Promise<string> {
    const admin = createKafka('cluster-failover-admin').admin();
    await admin.connect();
    try {
      const topics = ['casino.bet-commands.roulette', 'casino.bet-decisions', 'casino.rounds.roulette'].map(
        (t) => live.t.prefix + t,
      );
      const metadata = await admin.fetchTopicMetadata(topics);
      expect(metadata.every((t) => t.partitions.every((p) => p.replicas?.length === 3))).toBe(true);
      const counts = new Map<number, number>();
      for (const p of metadata.flatMap((t) => t.partitions))
        counts.set(p.leader, (counts.get(p.leader) ?? 0) + 1);
      return String([...counts.entries()].sort((a, b) => b[1] - a[1])[0][0]);
    } finally {
      await admin.disconnect();
    }
  }

  it('plays on through the broker killed mid-round and after it is back', async () => {
    await settledSince(Date.now());
    // Mid-round: a round opened after now, every player's bet acknowledged (in flight to the ledger).
    const opened = await amy().waitFor('round:opened', () => true, 60_000, Date.now());
    await eventually(
      () =>
        bettors.every((b) => b.placed.some((p) => p.roundId === opened.roundId && (p.ref || p.refusedCode))),
      10_000,
    );
    killed = await busiestBroker();
    cluster('stop', killed);
    const cutAt = Date.now();
    await settledSince(cutAt);
    cluster('start', killed);
    cluster('wait', killed);
    killed = undefined;
    await settledSince(Date.now());
  });

  it('decided every acknowledged bet once, settled or refunded every accepted bet once, wallets as the engine says', async () => {
    for (const b of bettors) b.active = false;
    const acked = bettors.flatMap((b) =>
      b.placed.filter((p) => p.ref).map((p) => ({ b, ref: p.ref as string })),
    );
    expect(acked.length).toBeGreaterThan(PLAYERS.length * 3);
    await eventually(() => acked.every(({ b, ref }) => b.decisions().has(ref)), 90_000);
    await eventually(() => bettors.every((b) => b.accepted().every((a) => b.finals().has(a.betId))), 90_000);
    await new Promise((r) => setTimeout(r, 1500)); // a duplicate answer would come now
    for (const b of bettors) {
      expect([...b.decisions().values()].filter((d) => d.length !== 1)).toEqual([]);
      const finals = b.finals();
      let expected = DEPOSIT;
      for (const a of b.accepted()) {
        const answers = finals.get(a.betId) ?? [];
        expect([a.betId, answers.length]).toEqual([a.betId, 1]);
        const [final] = answers;
        if (final.kind === 'settled') expect([a.betId, final.returned]).toEqual([a.betId, a.engineReturned]);
        else expect(final.returned).toBe(a.stake);
        expected += final.returned - a.stake;
      }
      expect([b.playerId, await live.ledger.balance(b.playerId)]).toEqual([b.playerId, expected]);
    }
  });
});
