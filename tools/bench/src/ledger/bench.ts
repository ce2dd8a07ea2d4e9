import 'reflect-metadata';
import { prefixedTopics, prefixedTopicSpecs, TOPICS } from '@casino/events';
import { ledgerMain, queryServer } from '@casino/test-support';
import { createKafkaClient, ensureTopics, grantPlatformAccess, requireKafkaSecurity } from '@casino/kafka';
import { Client } from 'pg';
import { measureBaseline } from './bench-baseline';
import { CpuMeter, serialQuery } from './bench-cpu';
import { floorPhase } from './bench-floor';
import { LedgerInstances } from './bench-instances';
import { latencyPhase } from './bench-latency';
import { BENCH_OPERATOR } from './bench-load';
import { LockWaitSampler } from './bench-lock-wait';
import {
  BASELINE_SECONDS,
  flag,
  INSTANCES,
  JSON_OUT,
  LATENCY_SECONDS,
  PLAYERS,
  RATE,
  ROUNDS,
  say,
  WALLET,
  WARMUP_SECONDS,
} from './bench-options';
import { BenchWallet } from './bench-seamless';
import { seamlessPhases } from './bench-seamless-phases';
import { registerBenchTables } from './bench-setup';
import { throughputPhases } from './bench-throughput';
import { fundPlayersDirectly } from './direct-funding';

/**
 * `npm run bench:ledger`: streams bets and settlements through Kafka into a ledger process on a fresh database,
 * and prints accepted bets/s, settled bets/s, p50/p99 command→decision latency at a steady rate, a baseline of
 * one INSERT+UPDATE transaction per bet on the same PostgreSQL, and per phase the CPU µs per bet of the ledger and
 * of its PostgreSQL sessions (from /proc, so two builds compare on a busy host); for each latency phase, the whole
 * machine's CPU ms per bet by part (`machineCpu`: ledger, its database, broker, reference wallets and theirs, load
 * generator, the rest) and the rate at which the cores would be full at that cost. `--json` prints one JSON object.
 * Then, with the ledger stopped, bench:kafka-floor's latency phase at the same rate (`floor`) and the ledger's p50
 * and p99 as multiples of the floor's (`latencyVsFloor`); --no-floor leaves it out.
 * Per acceptance and latency phase, `lockWait`: the share of the ledger sessions' in-transaction time spent waiting
 * on locks, their top wait events and the relations waited on (pg_stat_activity sampled every ~8 ms; --no-lock-wait
 * leaves it out).
 * --instances N (default 1): N ledger processes on the same database and consumer group for the whole run (their
 * CPU summed); the output then also carries `instances`.
 * Options: --rounds, --bets-per-round, --players, --tables (throughput phases); --rate, --warmup-seconds,
 * --latency-seconds, --trace FILE (latency phase); --keep leaves the database and topics. --wallet seamless (rate
 * 1,000 unless --rate): no throughput phases; the latency phase three times in one run — the transfer operator's
 * players, a seamless operator's (debited at a reference operator wallet the bench starts), then that operator's
 * players beside a second seamless operator's whose wallet is slow (--slow-ms, default 2000) or down
 * (--slow-mode fail) — and the seamless p99 minus the transfer p99. Environment:
 * BENCH_ECHO=1 shows the ledger's output, LEDGER_PROFILE=1 makes it print where its batches' time goes,
 * LEDGER_NODE_ARGS passes node flags to it (e.g. --cpu-prof), WALLET_NODE_ARGS to the reference wallets.
 */
async function main(): Promise<void> {
  const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/casino';
  const id = `${Date.now().toString(36)}`;
  const dbName = `casino_bench_${id}`;
  const dbUrl = Object.assign(new URL(server), { pathname: `/${dbName}` }).toString();
  const prefix = `bench-${id}.`;
  const topics = prefixedTopics(prefix);
  const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
  // The bench plays the game services and creates topics: the admin on a SASL broker (KAFKA_SECURITY).
  const security = requireKafkaSecurity(process.env, { username: 'admin' });
  const kafka = createKafkaClient({ clientId: 'ledger-bench', brokers, logLevel: 'nothing', security });
  await queryServer(server, `CREATE DATABASE "${dbName}"`);
  const admin = kafka.admin();
  await admin.connect();
  await ensureTopics(
    kafka,
    prefixedTopicSpecs(prefix).map((t) => ({ topic: t.name, numPartitions: t.partitions })),
  );
  // On a SASL broker the ledger (its own principal) needs the platform's ACLs on this run's topics.
  if (security.sasl) await grantPlatformAccess(kafka, TOPICS, prefix);
  const ledgerEnv: Record<string, string> = {
    DATABASE_URL: dbUrl,
    KAFKA_BROKERS: brokers.join(','),
    KAFKA_TOPIC_PREFIX: prefix,
  };
  const walletDbs = WALLET === 'seamless' ? [`${dbName}_w1`, `${dbName}_w2`] : [];
  const wallets: BenchWallet[] = [];
  const ledger = new LedgerInstances(
    INSTANCES,
    ledgerMain(),
    {
      DATABASE_URL: dbUrl,
      KAFKA_BROKERS: brokers.join(','),
      KAFKA_TOPIC_PREFIX: prefix,
      // <prefix>bet-ledger: a group name the ledger principal's ACLs allow.
      KAFKA_GROUP_ID: `${prefix}bet-ledger`,
      HTTP_PORT: '0',
      LOG_LEVEL: 'error',
      LEDGER_PARTITIONS_CONCURRENCY: process.env.LEDGER_PARTITIONS_CONCURRENCY ?? '16',
      // The benchmark's PostgreSQL may run without autovacuum: the ledger's opt-in table maintenance stands in.
      LEDGER_TABLE_MAINTENANCE: '1',
      // The ledger is frozen (SIGSTOP) while work is queued; it must not lose its partitions meanwhile.
      KAFKA_SESSION_TIMEOUT_MS: '120000',
    },
    process.env.BENCH_ECHO === '1',
  );
  const producer = kafka.producer();
  // The bench's own queries, on a session the CPU meter does not count as the ledger's.
  const probe = new Client({ connectionString: dbUrl, application_name: 'ledger-bench' });
  const query = serialQuery(probe);
  try {
    say(`baseline: ${BASELINE_SECONDS}s of one INSERT+UPDATE transaction per bet on the same PostgreSQL...`);
    const baseline = await measureBaseline(dbUrl, BASELINE_SECONDS);
    say(`  ${baseline.tps.toFixed(0)} tx/s (${baseline.method})`);
    // Its sessions carry the ledger's application_name: closed before anything is measured.
    await fundPlayersDirectly(
      dbUrl,
      BENCH_OPERATOR,
      Array.from({ length: PLAYERS }, (_, p) => `bp${p}`),
      1_000_000_000_000n,
    );
    await probe.connect();
    await ledger.start();
    const meter = new CpuMeter(query, dbName, ledger.pids());
    // --no-lock-wait: without the sampler's own load (~0.03 ms of CPU per bet at 2,000 bets/s).
    const lockWait = flag('no-lock-wait') ? undefined : new LockWaitSampler(query, dbName);
    const [{ pid: probePid }] = await query<{ pid: number }>(`SELECT pg_backend_pid() AS pid`);
    meter.machine.assign('loadGenerator', { pids: [probePid] });
    await registerBenchTables(ledger.first);
    await producer.connect();

    if (WALLET === 'seamless') {
      await seamlessPhases(
        kafka,
        topics,
        producer,
        query,
        meter,
        baseline,
        ledgerEnv,
        server,
        walletDbs,
        wallets,
      );
      return;
    }

    const tp = await throughputPhases(admin, topics, producer, query, ledger, id, meter, lockWait);
    const { acceptedPerSec, settledPerSec } = tp;

    say(`latency: ${RATE} bets/s for ${WARMUP_SECONDS} s of warm-up, then ${LATENCY_SECONDS} s measured...`);
    const lat = await latencyPhase(kafka, topics, producer, query, meter, { lockWait });
    say(
      `  command → decision p50 ${lat.p50.toFixed(1)} ms, p99 ${lat.p99.toFixed(1)} ms (${lat.count}/${lat.sent} decisions)`,
    );

    await ledger.stop();
    const vsFloor = flag('no-floor') ? undefined : await floorPhase(lat);

    const result = {
      ...(INSTANCES > 1 ? { instances: INSTANCES } : {}),
      settledPerSec: Math.round(settledPerSec),
      acceptedPerSec: Math.round(acceptedPerSec),
      // All results at once → every wallet credited (settleMs), → every settlement event on Kafka. With --rounds 1
      // (e.g. --bets-per-round 100000) the latter is settleRoundMs: one round's result to every player told.
      settleMs: tp.settleMs,
      settlePublishedMs: tp.settlePublishedMs,
      ...(ROUNDS === 1 ? { settleRoundMs: tp.settlePublishedMs } : {}),
      decisionP50Ms: Number(lat.p50.toFixed(2)),
      decisionP99Ms: Number(lat.p99.toFixed(2)),
      ...(vsFloor ? { floor: vsFloor.floor, latencyVsFloor: vsFloor.ratio } : {}),
      baselineTps: Math.round(baseline.tps),
      // CPU µs per bet of the ledger process and of its PostgreSQL sessions (/proc; absent elsewhere).
      cpuUsPerBet: { accept: tp.acceptCpu, settle: tp.settleCpu, latency: lat.cpu },
      // The latency phase's CPU per bet across the machine, by part (/proc; absent elsewhere).
      machineCpu: lat.machine,
      // The ledger sessions' lock waits (bench-lock-wait.ts): with several instances, where they meet.
      ...(lockWait ? { lockWait: { accept: tp.acceptLockWait, latency: lat.lockWait } } : {}),
    };
    if (JSON_OUT) console.log(JSON.stringify(result));
    else {
      console.log(
        `\nsettled ${result.settledPerSec}/s = ${(result.settledPerSec / result.baselineTps).toFixed(1)}× baseline ` +
          `${result.baselineTps} tx/s; accepted ${result.acceptedPerSec}/s; p99 ${result.decisionP99Ms} ms at ${RATE}/s` +
          (vsFloor
            ? ` (${vsFloor.ratio.p99}× the Kafka floor's ${vsFloor.floor.decisionP99Ms} ms; p50 ${vsFloor.ratio.p50}×)`
            : ''),
      );
    }
  } finally {
    await ledger.stop().catch(() => undefined);
    for (const w of wallets) await w.stop().catch(() => undefined);
    await producer.disconnect().catch(() => undefined);
    await probe.end().catch(() => undefined);
    if (!flag('keep')) {
      await admin.deleteTopics(Object.values(topics), 10_000).catch(() => undefined);
      await queryServer(server, `DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
      for (const db of walletDbs)
        await queryServer(server, `DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`).catch(() => undefined);
    }
    await admin.disconnect().catch(() => undefined);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(`bench:ledger failed: ${err instanceof Error ? err.stack : String(err)}`);
    process.exit(1);
  },
);
