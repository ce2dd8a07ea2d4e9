import { seededRandom } from '@casino/cards';
import { prefixedTopics, prefixedTopicSpecs, TOPICS, Topics } from '@casino/events';
import {
  createKafkaClient,
  ensureTopics,
  grantPlatformAccess,
  KafkaClient,
  KafkaConsumer,
  KafkaProducer,
  requireKafkaSecurity,
  revokePlatformAccess,
} from '@casino/kafka';
import { queryServer } from '@casino/test-support';
import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { measureBaseline } from '../ledger/bench-baseline';
import { consumeDecisions, send, sendPaced } from '../ledger/bench-io';
import { latencyStream } from '../ledger/bench-latency';
import { buildRounds, percentile, toWire } from '../ledger/bench-load';
import { describeMachineCpu, MachineCpu, MachineCpuPerBet } from '../ledger/bench-machine-cpu';
import {
  BASELINE_SECONDS,
  BETS_PER_ROUND,
  JSON_OUT,
  LATENCY_SECONDS,
  num,
  PLAYERS,
  RATE,
  ROUNDS,
  say,
  sleep,
  TABLES,
  WAIT_SECONDS,
  WARMUP_SECONDS,
} from '../ledger/bench-options';

/**
 * `npm run bench:kafka-floor`: bench:ledger's workload through Kafka alone, the floor under its figures. A stand-in
 * for the ledger (ledger-stand-in.ts: its consumer and relay settings, its principal, the edge's validation, no
 * database) turns each bet command into a BetAccepted; the load generator sends the latency phase's stream at
 * --rate and times each command to its decision, then queues the accept phase's commands (--rounds ×
 * --bets-per-round; --rounds 0 for none) with the stand-in frozen and times their drain. Prints the same-run
 * pgbench baseline and the machine's CPU per bet by part. The same options as bench:ledger, and --linger-ms N: the
 * stand-in publishes at most once per N ms (default 0, as soon as it can; a slower ledger batches by itself).
 * `--json` prints one JSON object. STAND_IN_NODE_ARGS passes node flags to the stand-in (e.g. --cpu-prof).
 */
const LINGER_MS = num('linger-ms', 0);

async function main(): Promise<void> {
  const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/casino';
  const id = Date.now().toString(36);
  const dbName = `casino_floor_${id}`;
  const prefix = `floor-${id}.`;
  const topics = prefixedTopics(prefix);
  const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
  const security = requireKafkaSecurity(process.env, { username: 'admin' });
  const kafka = createKafkaClient({ clientId: 'kafka-floor-bench', brokers, logLevel: 'nothing', security });
  await ensureTopics(
    kafka,
    prefixedTopicSpecs(prefix).map((t) => ({ topic: t.name, numPartitions: t.partitions })),
  );
  if (security.sasl) await grantPlatformAccess(kafka, TOPICS, prefix);
  const producer = kafka.producer();
  let standIn: ChildProcess | undefined;
  try {
    await queryServer(server, `CREATE DATABASE "${dbName}"`);
    const dbUrl = Object.assign(new URL(server), { pathname: `/${dbName}` }).toString();
    say(`baseline: ${BASELINE_SECONDS}s of one INSERT+UPDATE transaction per bet on the same PostgreSQL...`);
    const baseline = await measureBaseline(dbUrl, BASELINE_SECONDS);
    say(`  ${baseline.tps.toFixed(0)} tx/s (${baseline.method})`);
    await queryServer(server, `DROP DATABASE "${dbName}" WITH (FORCE)`);
    standIn = await startStandIn(brokers, prefix);
    await producer.connect();
    const decisions = await DecisionWatch.start(kafka, topics, id);

    say(`latency: ${RATE} bets/s for ${WARMUP_SECONDS} s of warm-up, then ${LATENCY_SECONDS} s measured...`);
    const { commands, ids } = latencyStream(topics, `floor${id}`, ['op-bench']);
    const warmup = Math.min(commands.length, Math.round(RATE * WARMUP_SECONDS));
    decisions.expect(ids.slice(warmup));
    const machine = new MachineCpu();
    machine.assign('ledger', { pids: [standIn.pid ?? 0] });
    await sendPaced(producer, commands, RATE, (from, to) => {
      if (from <= warmup && warmup < to) machine.begin();
      decisions.sent(from, to, warmup);
    });
    await decisions.awaitExpected(WAIT_SECONDS * 1_000);
    const cpu = machine.end(commands.length - warmup);
    const lat = decisions.latencies();
    say(
      `  command → decision p50 ${lat.p50.toFixed(1)} ms, p99 ${lat.p99.toFixed(1)} ms (${lat.count} decisions)`,
    );
    if (cpu) say(`  ${describeMachineCpu(cpu).replace('ledger ', 'ledger stand-in ')}`);

    const drained = await drainPhase(producer, topics, standIn, decisions, id);
    const result = {
      decisionP50Ms: Number(lat.p50.toFixed(2)),
      decisionP99Ms: Number(lat.p99.toFixed(2)),
      rate: RATE,
      lingerMs: LINGER_MS,
      baselineTps: Math.round(baseline.tps),
      // The latency phase's CPU per bet across the machine: the stand-in, the broker, the load generator, the rest.
      machineCpu: cpu && {
        msPerBet: {
          total: cpu.msPerBet.total,
          ledgerStandIn: cpu.msPerBet.ledger,
          broker: cpu.msPerBet.broker,
          loadGenerator: cpu.msPerBet.loadGenerator,
          other: cpu.msPerBet.other,
        },
        busyShare: cpu.busyShare,
        ceilingBetsPerSec: cpu.ceilingBetsPerSec,
      },
      drainedPerSec: drained.perSec,
      drainCpuMsPerBet: drained.cpu && {
        ledgerStandIn: drained.cpu.msPerBet.ledger,
        broker: drained.cpu.msPerBet.broker,
        loadGenerator: drained.cpu.msPerBet.loadGenerator,
      },
    };
    if (JSON_OUT) console.log(JSON.stringify(result));
    else
      console.log(
        `\nKafka alone: p50 ${result.decisionP50Ms} ms, p99 ${result.decisionP99Ms} ms at ${RATE}/s; ` +
          `drained ${result.drainedPerSec}/s; baseline ${result.baselineTps} tx/s`,
      );
    await decisions.stop();
  } finally {
    standIn?.kill('SIGCONT');
    standIn?.kill('SIGTERM');
    await producer.disconnect().catch(() => undefined);
    await queryServer(server, `DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
    if (security.sasl) await revokePlatformAccess(kafka, TOPICS, prefix).catch(() => undefined);
    const admin = kafka.admin();
    await admin.connect();
    await admin.deleteTopics(Object.values(topics), 10_000).catch(() => undefined);
    await admin.disconnect().catch(() => undefined);
  }
}

/** The accept phase's commands queued while the stand-in is frozen, then timed to their last decision received. */
async function drainPhase(
  producer: KafkaProducer,
  topics: Topics,
  standIn: ChildProcess,
  decisions: DecisionWatch,
  id: string,
): Promise<{ perSec: number; cpu?: MachineCpuPerBet }> {
  const total = ROUNDS * BETS_PER_ROUND;
  if (total === 0) return { perSec: 0 };
  say(`drain: ${total} bet commands queued while the stand-in is frozen...`);
  const rounds = buildRounds(ROUNDS, BETS_PER_ROUND, PLAYERS, TABLES, seededRandom('bench'), `drain-${id}`);
  standIn.kill('SIGSTOP');
  await send(
    producer,
    rounds.flatMap((r) => r.commands.map((c) => toWire(c, topics))),
  );
  const machine = new MachineCpu();
  machine.assign('ledger', { pids: [standIn.pid ?? 0] });
  const before = decisions.count;
  machine.begin();
  const t0 = performance.now();
  standIn.kill('SIGCONT');
  const deadline = Date.now() + 600_000;
  while (decisions.count - before < total) {
    if (Date.now() > deadline) throw new Error(`drain: ${decisions.count - before} of ${total} decisions`);
    await sleep(5);
  }
  const perSec = Math.round(total / ((decisions.lastAt - t0) / 1000));
  const cpu = machine.end(total);
  say(`  ${total} decided and received at ${perSec}/s`);
  return { perSec, cpu };
}

async function startStandIn(brokers: readonly string[], prefix: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.STAND_IN_NODE_ARGS?.split(' ') ?? []),
      '--max-semi-space-size=64',
      path.join(__dirname, 'ledger-stand-in.js'),
    ],
    {
      env: {
        ...process.env,
        KAFKA_BROKERS: brokers.join(','),
        KAFKA_TOPIC_PREFIX: prefix,
        // <prefix>bet-ledger: a group name the ledger principal's ACLs allow.
        KAFKA_GROUP_ID: `${prefix}bet-ledger`,
        STAND_IN_LINGER_MS: String(LINGER_MS),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`the ledger stand-in exited (${code})`)));
  });
  return child;
}

/** The load generator's consumer of the decisions topic: times the latency stream's commands, counts the rest. */
class DecisionWatch {
  private indexOf = new Map<string, number>();
  private sentAt = new Float64Array(0);
  private readonly measured: number[] = [];
  /** Decisions received so far. */
  count = 0;
  lastAt = 0;

  private consumer?: KafkaConsumer;

  static async start(kafka: KafkaClient, topics: Topics, id: string): Promise<DecisionWatch> {
    const watch = new DecisionWatch();
    watch.consumer = await consumeDecisions(kafka, topics.betDecisions, `bench-floor-${id}`, (value, now) =>
      watch.received(value, now),
    );
    await sleep(1_500);
    return watch;
  }

  private received(value: Buffer, now: number): void {
    const { commandId } = JSON.parse(value.toString()) as { commandId: string };
    this.count++;
    this.lastAt = now;
    const i = this.indexOf.get(commandId);
    if (i === undefined || this.sentAt[i] === 0) return;
    this.measured.push(now - this.sentAt[i]);
    this.sentAt[i] = 0;
  }

  /** The commands to time (the measured part of the stream, after its warm-up). */
  expect(ids: readonly string[]): void {
    this.indexOf = new Map(ids.map((id, i) => [id, i] as const));
    this.sentAt = new Float64Array(ids.length);
  }

  /** Stream positions [from, to) are being sent; those from `offset` on are timed. */
  sent(from: number, to: number, offset: number): void {
    if (to > offset) this.sentAt.fill(performance.now(), Math.max(0, from - offset), to - offset);
  }

  async awaitExpected(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.measured.length < this.sentAt.length && Date.now() < deadline) await sleep(20);
  }

  latencies(): { p50: number; p99: number; count: number } {
    const sorted = [...this.measured].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), count: sorted.length };
  }

  async stop(): Promise<void> {
    await this.consumer?.disconnect();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(`bench:kafka-floor failed: ${err instanceof Error ? err.stack : String(err)}`);
    process.exit(1);
  },
);
