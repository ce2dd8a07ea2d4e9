import { CasinoEvent, EventOf } from '@casino/events';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import {
  bac,
  baccaratResult,
  baccaratTable,
  closed,
  isDecisionFor,
  isSettled,
  newRound,
  OP,
  place,
  RoundRef,
} from './support/builders';
import { codeOf, openRound } from './support/flow';
import { createHarness, deposit, Harness } from './support/ledger-harness';

/**
 * The ledger on three Kafka brokers (infra/kafka/cluster.sh: replication factor 3, min.insync.replicas 2, as the
 * production topics Job makes them). A broker is killed mid-round, while bets are being decided: every bet command
 * sent is decided once (one decision, one row), the round is settled once, every cent is accounted for; the broker
 * comes back and the next round is played as usual.
 */
const CLUSTER = join(__dirname, '../../../infra/kafka/cluster.sh');
// A cluster of this suite's own (ports, storage): the suites with three-broker tests run side by side under turbo.
const CLUSTER_ENV = {
  ...process.env,
  KAFKA_CLUSTER_PORT: '29192',
  KAFKA_CLUSTER_STATE_DIR: join(__dirname, '../../../infra/kafka/.cache/cluster-bet-ledger'),
};
const cluster = (...args: string[]) =>
  execFileSync('bash', [CLUSTER, ...args], { encoding: 'utf8', env: CLUSTER_ENV });

jest.setTimeout(300_000);

let h: Harness;
let killed: string | undefined;
const previousBrokers = process.env.KAFKA_BROKERS;

beforeAll(async () => {
  cluster('up');
  // The harness and the ledger it starts take their brokers from the environment.
  process.env.KAFKA_BROKERS = cluster('brokers').trim();
  h = await createHarness('cluster_failover');
  await h.startLedger();
});

afterAll(async () => {
  await h?.close();
  if (previousBrokers === undefined) delete process.env.KAFKA_BROKERS;
  else process.env.KAFKA_BROKERS = previousBrokers;
  if (killed !== undefined) cluster('start', killed);
  cluster('down');
});

const PLAYERS = ['ana', 'ben', 'cid', 'dee', 'eva', 'fay'];

/** Bets of every player on `r`, decided; every one must be answered. */
async function betRound(r: RoundRef, sent: EventOf<'PlaceBet'>[]): Promise<void> {
  const bets = PLAYERS.map((p) => place(r, p, 100n, bac('banker')));
  sent.push(...bets);
  await sendAsARelayDoes(bets);
  // With a broker just killed, a decision waits for new leaders and the groups' rejoin: minutes, not seconds, on a
  // busy machine.
  const ids = new Set(bets.map((b) => b.id));
  const answers = new Map(
    (await h.waitFor(isDecisionFor(ids), ids.size, 120_000)).map((d) => [d.commandId, d] as const),
  );
  expect(bets.map((b) => codeOf(answers.get(b.id)))).toEqual(bets.map(() => 'ACCEPTED'));
}

/**
 * Sends until Kafka takes the events, as a game service's relay does: until the cluster has moved the dead broker's
 * partitions, a send fails (its retries are spent within seconds); the ledger takes a command sent twice once.
 */
async function sendAsARelayDoes(events: CasinoEvent[]): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      return await h.send(...events);
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 1_000));
    }
  }
}

/** The broker leading most partitions of the ledger's topics (where killing hurts). */
async function busiestBroker(): Promise<string> {
  const admin = h.kafka.admin();
  await admin.connect();
  try {
    const topics = [
      h.topics.betCommandsBaccarat,
      h.topics.betDecisions,
      h.topics.settlements,
      h.topics.roundsBaccarat,
    ];
    const leaders = (await admin.fetchTopicMetadata(topics)).flatMap((t) =>
      t.partitions.map((p) => p.leader),
    );
    expect(
      (await admin.fetchTopicMetadata(topics)).every((t) =>
        t.partitions.every((p) => p.replicas?.length === 3),
      ),
    ).toBe(true);
    const counts = new Map<number, number>();
    for (const l of leaders) counts.set(l, (counts.get(l) ?? 0) + 1);
    return String([...counts.entries()].sort((a, b) => b[1] - a[1])[0][0]);
  } finally {
    await admin.disconnect();
  }
}

const distinctIds = (events: CasinoEvent[]) => new Set(events.map((e) => e.id)).size;

// A broker killed under a send: kafkajs resolved the harness's send of a bet command it never wrote until
// KafkaProducer.send checked its answers (docs/reliability.md#three-brokers, kafkajs#1303).
it('decides every bet once and settles the round once with a broker killed mid-round, then plays on', async () => {
  for (const p of PLAYERS) await deposit(h, OP, p, 10_000n);
  const r = newRound('baccarat');
  await openRound(h, r, baccaratTable());
  const sent: EventOf<'PlaceBet'>[] = [];
  await betRound(r, sent);

  killed = await busiestBroker();
  cluster('stop', killed);
  // Mid-round, one broker down: more bets, decided; then the round closes and settles.
  await betRound(r, sent);
  await betRound(r, sent);
  await sendAsARelayDoes([closed(r), baccaratResult(r, ['9S', '3C', 'KH', '4D'])]);
  await h.waitFor(isSettled(r), 1, 60_000);

  // Each command decided once: one decision (a relay's copy keeps its event id) and one bet row.
  const ids = new Set(sent.map((b) => b.id));
  const decisions = h.received.filter(isDecisionFor(ids));
  expect(distinctIds(decisions)).toBe(sent.length);
  expect(new Set(decisions.map((d) => d.commandId)).size).toBe(sent.length);
  const rows = (await h.ds.query(
    `SELECT command_id, count(*)::int AS n FROM ledger_bets WHERE round_id = $1 GROUP BY command_id`,
    [r.roundId],
  )) as { command_id: string; n: number }[];
  expect(rows).toHaveLength(sent.length);
  expect(rows.every((row) => row.n === 1)).toBe(true);
  // The round settled once.
  expect(distinctIds(h.received.filter(isSettled(r)))).toBe(1);
  expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);

  // The broker back: the next round as usual.
  cluster('start', killed);
  cluster('wait', killed);
  killed = undefined;
  const next = newRound('baccarat');
  await openRound(h, next, baccaratTable());
  await betRound(next, []);
  await h.send(closed(next), baccaratResult(next, ['9S', '3C', 'KH', '4D']));
  await h.waitFor(isSettled(next), 1, 60_000);
  expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
});
