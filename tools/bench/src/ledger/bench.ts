import 'reflect-metadata';
import { openLedgerDataSource } from '@casino/bet-ledger';
import { seededRandom } from '@casino/cards';
import { prefixedTopics, prefixedTopicSpecs, Topics, TOPICS } from '@casino/events';
import {
  ensureAccounts,
  fundingAccount,
  playerAccount,
  postEntries,
  sqlOf,
  accountKey,
  AccountSpec,
} from '@casino/wallet';
import { LedgerProcess, ledgerMain, queryServer } from '@casino/test-support';
import {
  createKafkaClient,
  ensureTopics,
  grantPlatformAccess,
  KafkaAdmin,
  KafkaClient,
  KafkaProducer,
  requireKafkaSecurity,
} from '@casino/kafka';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Client, QueryResultRow } from 'pg';
import { DataSource } from 'typeorm';
import { measureBaseline } from './bench-baseline';
import { watchTopicEnds } from './bench-offsets';
import { CpuMeter, CpuPerBet, ledgerPidFrom, perBet, Query } from './bench-cpu';
import { BENCH_OPERATOR, benchTable, buildRounds, percentile, toWire, WireMessage } from './bench-load';
import { BenchWallet, startBenchWallet } from './bench-seamless';

/**
 * `npm run bench:ledger`: streams bets and settlements through Kafka into a ledger process on a fresh database,
 * and prints accepted bets/s, settled bets/s, p50/p99 command→decision latency at a steady rate, a baseline of
 * one INSERT+UPDATE transaction per bet on the same PostgreSQL, and per phase the CPU µs per bet of the ledger and
 * of its PostgreSQL sessions (from /proc, so two builds compare on a busy host). `--json` prints one JSON object.
 * Options: --rounds, --bets-per-round, --players, --tables (throughput phases); --rate, --warmup-seconds,
 * --latency-seconds, --trace FILE (latency phase); --keep leaves the database and topics. --wallet seamless (rate
 * 1,000 unless --rate): no throughput phases; the latency phase three times in one run — the transfer operator's
 * players, a seamless operator's (debited at a reference operator wallet the bench starts), then that operator's
 * players beside a second seamless operator's whose wallet is slow (--slow-ms, default 2000) or down
 * (--slow-mode fail) — and the seamless p99 minus the transfer p99. Environment:
 * BENCH_ECHO=1 shows the ledger's output, LEDGER_PROFILE=1 makes it print where its batches' time goes,
 * LEDGER_NODE_ARGS passes node flags to it (e.g. --cpu-prof).
 */
const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
const num = (name: string, def: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : def;
};
const JSON_OUT = flag('json');
const ROUNDS = num('rounds', 40);
const BETS_PER_ROUND = num('bets-per-round', 2_500);
const PLAYERS = num('players', 4_000);
const TABLES = num('tables', 8);
// --wallet seamless: the bets of seamless operators' players, debited at the reference operator wallet.
const WALLET = argv.includes('--wallet') ? argv[argv.indexOf('--wallet') + 1] : 'transfer';
if (WALLET !== 'transfer' && WALLET !== 'seamless')
  throw new Error(`--wallet ${WALLET}: transfer or seamless`);
const RATE = num('rate', WALLET === 'seamless' ? 1_000 : 2_000);
// The isolation phase's second seamless operator: its wallet answers every call after --slow-ms (mode slow), or
// fails every call at once (--slow-mode fail: 503, the operator down).
const SLOW_MODE = argv.includes('--slow-mode') ? argv[argv.indexOf('--slow-mode') + 1] : 'slow';
const SLOW_MS = num('slow-ms', 2_000);
// After the last command of a latency phase, how long the bench waits for the awaited decisions still missing.
const WAIT_SECONDS = num('wait-seconds', 60);
// Before the isolation phase, how long the bench waits for the seamless operator's bets still being debited.
const DRAIN_SECONDS = num('drain-seconds', 120);
const LATENCY_SECONDS = num('latency-seconds', 10);
// Sent at the same rate before the measured commands and left out of the figures (JIT, pools, fetch sessions).
const WARMUP_SECONDS = num('warmup-seconds', 3);
// --trace FILE: every measured command as [ms since the phase began, latency ms, of which sent → decided ms].
const TRACE_FILE = argv.includes('--trace') ? argv[argv.indexOf('--trace') + 1] : undefined;
const BASELINE_SECONDS = num('baseline-seconds', 5);

const say = (line: string) => {
  if (!JSON_OUT) console.log(line);
  else console.error(line);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function send(producer: KafkaProducer, messages: readonly WireMessage[], chunk = 2_000): Promise<void> {
  for (let i = 0; i < messages.length; i += chunk) {
    const part = messages.slice(i, i + chunk);
    const byTopic = new Map<string, { key: string; value: string }[]>();
    for (const m of part) {
      let list = byTopic.get(m.topic);
      if (!list) byTopic.set(m.topic, (list = []));
      list.push({ key: m.key, value: m.value });
    }
    await producer.send([...byTopic].map(([topic, msgs]) => ({ topic, messages: msgs })));
  }
}

async function waitCount(
  query: Query,
  sql: string,
  target: number,
  timeoutMs: number,
  intervalMs = 100,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [{ n }] = await query<{ n: string | number }>(sql);
    if (Number(n) >= target) return performance.now();
    if (Date.now() > deadline) throw new Error(`timed out: ${sql} reached ${n} of ${target}`);
    await sleep(intervalMs);
  }
}

async function fundPlayers(ds: DataSource): Promise<void> {
  await ds.transaction(async (m) => {
    const sql = sqlOf(m);
    const specs = Array.from({ length: PLAYERS }, (_, p) => playerAccount(BENCH_OPERATOR, `bp${p}`, 'EUR'));
    const accounts = await ensureAccounts(sql, [fundingAccount(BENCH_OPERATOR, 'EUR'), ...specs]);
    const idOf = (spec: AccountSpec) => {
      const account = accounts.get(accountKey(spec));
      if (!account) throw new Error(`account ${accountKey(spec)} was not created`);
      return account.id;
    };
    const each = 1_000_000_000_000n;
    await postEntries(sql, [
      {
        idempotencyKey: 'bench-funding',
        kind: 'deposit',
        reference: 'bench',
        currency: 'EUR',
        lines: [
          {
            accountId: idOf(fundingAccount(BENCH_OPERATOR, 'EUR')),
            amount: -each * BigInt(PLAYERS),
          },
          ...specs.map((s) => ({ accountId: idOf(s), amount: each })),
        ],
      },
    ]);
  });
}

/** The bench's tables in the ledger's table catalogue (the ledger refuses rounds of unknown tables). */
async function registerBenchTables(ledger: LedgerProcess): Promise<void> {
  for (const game of ['baccarat', 'roulette'] as const)
    for (let i = 0; i < TABLES; i++)
      await ledger.putTable({
        tableId: `bench-${game}-${i}`,
        currency: 'EUR',
        producer: `${game}-service`,
        settings: benchTable(game),
      });
}

/**
 * The latency phase's stream: 4 rounds' openings, then their commands interleaved (several tables at once) and
 * serialized up front. Only strings are kept: the load generator's own collections would count as latency.
 * `operators`: player `bpN` bets for operators[N % length].
 */
function latencyStream(
  topics: Topics,
  tag: string,
  operators: readonly string[],
): { opened: WireMessage[]; commands: WireMessage[]; ids: string[]; operatorIndex: Uint8Array } {
  const rounds = buildRounds(
    4,
    Math.ceil((RATE * (WARMUP_SECONDS + LATENCY_SECONDS)) / 4),
    PLAYERS,
    TABLES,
    seededRandom('lat'),
    tag,
    (p) => operators[p % operators.length],
  );
  const commands = rounds.flatMap((r) => r.commands).sort((a, b) => (a.id < b.id ? -1 : 1));
  const operatorIndex = Uint8Array.from(commands, (c) =>
    operators.indexOf(c.type === 'PlaceBet' ? c.operatorId : operators[0]),
  );
  return {
    opened: rounds.map((r) => toWire(r.opened, topics)),
    commands: commands.map((c) => toWire(c, topics)),
    ids: commands.map((c) => c.id),
    operatorIndex,
  };
}

/** One operator's decisions in a latency phase. */
interface OperatorLatency {
  operatorId: string;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Decisions received of the measured commands sent. */
  count: number;
  sent: number;
  accepted: number;
  /** Accepted bets ÷ the time from the first measured command sent to the last decision received. */
  acceptedPerSec: number;
  rejected: Record<string, number>;
}

async function latencyPhase(
  kafka: KafkaClient,
  topics: Topics,
  producer: KafkaProducer,
  query: Query,
  meter: CpuMeter,
  operators: readonly string[] = [BENCH_OPERATOR],
  // Operators whose decisions are awaited at the end (a slow operator's may never all come within the phase).
  awaited: readonly string[] = operators,
  waitSeconds = WAIT_SECONDS,
) {
  const tag = `lat${Date.now().toString(36)}`;
  const { opened, commands: wire, ids, operatorIndex } = latencyStream(topics, tag, operators);
  await send(producer, opened);
  await waitCount(
    query,
    `SELECT count(*) AS n FROM ledger_rounds WHERE round_id LIKE '${tag}-%'`,
    opened.length,
    60_000,
  );
  // Times in typed arrays indexed by command.
  const indexOf = new Map(ids.map((id, i) => [id, i] as const));
  const total = wire.length;
  const warmup = Math.min(total, Math.round(RATE * WARMUP_SECONDS));
  const sentAt = new Float64Array(total);
  const sentWall = new Float64Array(total);
  // Per measured command: latency, and where its time went (sent → decided in the ledger, by the decision's
  // occurredAt; decided → received).
  const latencies = new Float64Array(total - warmup);
  const toDecide = new Float64Array(total - warmup);
  const toDeliver = new Float64Array(total - warmup);
  const opOf = new Uint8Array(total - warmup);
  const acceptedOf = new Uint8Array(total - warmup);
  const rejectedByOp = operators.map(() => new Map<string, number>());
  let lastReceived = 0;
  let received = 0;
  const trace: [number, number, number][] = [];
  const traceStart = performance.now();
  const consumer = kafka.consumer({ groupId: `bench-lat-${Date.now()}`, maxWaitTimeMs: 10 });
  await consumer.connect();
  await consumer.subscribe({ topics: [topics.betDecisions], fromBeginning: false });
  // runBatches commits no offsets: a commit after every batch would sit on the path it measures.
  await consumer.runBatches(async (batch) => {
    const now = performance.now();
    for (const m of batch.messages) {
      // The load generator only needs the command id; the ledger validated what it published.
      if (!m.value) continue;
      const { commandId, occurredAt, type, code } = JSON.parse(m.value.toString()) as {
        commandId?: string;
        occurredAt: string;
        type: string;
        code?: string;
      };
      const i = commandId === undefined ? undefined : indexOf.get(commandId);
      // Warm-up commands, and a decision published twice (the relay after a crash), are not counted.
      const t = i === undefined ? 0 : sentAt[i];
      if (i === undefined || t === 0) continue;
      sentAt[i] = 0;
      const decided = Date.parse(occurredAt);
      latencies[received] = now - t;
      toDecide[received] = decided - sentWall[i];
      toDeliver[received] = Date.now() - decided;
      opOf[received] = operatorIndex[i];
      if (type === 'BetAccepted') acceptedOf[received] = 1;
      else {
        const byCode = rejectedByOp[operatorIndex[i]];
        byCode.set(code ?? type, (byCode.get(code ?? type) ?? 0) + 1);
      }
      received++;
      lastReceived = now;
      if (TRACE_FILE) trace.push([Math.round(t - traceStart), Math.round(now - t), decided - sentWall[i]]);
    }
  });
  await consumer.whenJoined();
  await sleep(1_500);
  // Start from a compacted heap (run with --expose-gc, as run-tool.sh does), not halfway to a major collection.
  (globalThis as { gc?: () => void }).gc?.();
  const perTick = Math.max(1, Math.round(RATE / 100));
  // Only the ends are sampled: the load generator does nothing else while it measures latency.
  await meter.start(false);
  const start = performance.now();
  let measuredFrom = start;
  for (let i = 0, tick = 0; i < total; tick++) {
    const target = start + tick * 10;
    const wait = target - performance.now();
    if (wait > 0) await sleep(wait);
    const end = Math.min(total, i + perTick);
    if (i <= warmup && warmup < end) measuredFrom = performance.now();
    sentAt.fill(performance.now(), Math.max(i, warmup), end);
    sentWall.fill(Date.now(), Math.max(i, warmup), end);
    await send(producer, wire.slice(i, end));
    i = end;
  }
  const awaitedIdx = new Set(awaited.map((o) => operators.indexOf(o)));
  let awaitedSent = 0;
  for (let i = warmup; i < total; i++) if (awaitedIdx.has(operatorIndex[i])) awaitedSent++;
  const awaitedReceived = () => {
    let n = 0;
    for (let k = 0; k < received; k++) if (awaitedIdx.has(opOf[k])) n++;
    return n;
  };
  const deadline = Date.now() + waitSeconds * 1_000;
  while (awaitedReceived() < awaitedSent && Date.now() < deadline) await sleep(50);
  const cpu = await meter.stop();
  await consumer.disconnect();
  if (TRACE_FILE) writeFileSync(TRACE_FILE, JSON.stringify(trace));
  const sortedOf = (xs: Float64Array, pick: (k: number) => boolean = () => true) => {
    const out: number[] = [];
    for (let k = 0; k < received; k++) if (pick(k)) out.push(xs[k]);
    return out.sort((a, b) => a - b);
  };
  const sorted = sortedOf(latencies);
  const p = (xs: Float64Array, q: number) => percentile(sortedOf(xs), q).toFixed(0);
  say(
    `  sent → decided p50 ${p(toDecide, 50)} ms / p99 ${p(toDecide, 99)} ms; ` +
      `decided → received p50 ${p(toDeliver, 50)} ms / p99 ${p(toDeliver, 99)} ms`,
  );
  const round2 = (x: number) => Number(x.toFixed(2));
  const byOperator: OperatorLatency[] = operators.map((operatorId, o) => {
    const mine = sortedOf(latencies, (k) => opOf[k] === o);
    let sent = 0;
    for (let i = warmup; i < total; i++) if (operatorIndex[i] === o) sent++;
    let accepted = 0;
    for (let k = 0; k < received; k++) if (opOf[k] === o && acceptedOf[k] === 1) accepted++;
    return {
      operatorId,
      p50: round2(percentile(mine, 50)),
      p90: round2(percentile(mine, 90)),
      p99: round2(percentile(mine, 99)),
      max: round2(mine.length ? mine[mine.length - 1] : NaN),
      count: mine.length,
      sent,
      accepted,
      acceptedPerSec: Math.round(accepted / Math.max(0.001, (lastReceived - measuredFrom) / 1000)),
      rejected: Object.fromEntries(rejectedByOp[o]),
    };
  });
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    count: received,
    sent: total - warmup,
    cpu: perBet(cpu, total),
    byOperator,
  };
}

/**
 * Acceptance, then settlement, each of a stream queued in Kafka while the ledger was frozen. In a function of its
 * own so that its 100,000 commands are garbage before the latency phase (a large heap makes the load generator's
 * own collections long, and they would count as latency).
 */
async function throughputPhases(
  admin: KafkaAdmin,
  topics: Topics,
  producer: KafkaProducer,
  query: Query,
  ledger: LedgerProcess,
  id: string,
  meter: CpuMeter,
): Promise<{
  acceptedPerSec: number;
  settledPerSec: number;
  settleMs: number;
  settlePublishedMs: number;
  acceptCpu?: CpuPerBet;
  settleCpu?: CpuPerBet;
}> {
  const rounds = buildRounds(ROUNDS, BETS_PER_ROUND, PLAYERS, TABLES, seededRandom('bench'), `tp-${id}`);
  const total = ROUNDS * BETS_PER_ROUND;
  await send(
    producer,
    rounds.map((r) => toWire(r.opened, topics)),
  );
  await waitCount(query, `SELECT count(*) AS n FROM ledger_rounds`, ROUNDS, 60_000);
  const commands = rounds.flatMap((r) => r.commands.map((c) => toWire(c, topics)));
  say(`accept: ${total} bet commands over ${ROUNDS} rounds on ${TABLES} tables, ${PLAYERS} players...`);
  // Queue the whole stream in Kafka while the ledger is frozen, so the load generator's speed does not count.
  ledger.pause();
  await send(producer, commands);
  await meter.start();
  ledger.resume();
  const t0 = performance.now();
  const t1 = await waitCount(
    query,
    `SELECT count(*) AS n FROM ledger_processed_events`,
    ROUNDS + total,
    600_000,
  );
  const [{ n: acceptedRows }] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_bets`);
  const acceptedPerSec = acceptedRows / ((t1 - t0) / 1000);
  say(
    `  ${acceptedRows} accepted in ${((t1 - t0) / 1000).toFixed(2)} s: ${acceptedPerSec.toFixed(0)} bets/s`,
  );
  await waitCount(query, `SELECT (count(*) = 0)::int AS n FROM ledger_outbox`, 1, 600_000).catch(() => 0);
  const t2 = performance.now();
  // The CPU of deciding and of publishing the decisions.
  const acceptCpu = await meter.stop();
  say(`  every decision published ${((t2 - t0) / 1000).toFixed(2)} s after the ledger resumed`);

  // Betting closes (and each round's final bets are published) before the dealing; only results are timed.
  await send(
    producer,
    rounds.map((r) => toWire(r.close, topics)),
  );
  await waitCount(query, `SELECT count(*) AS n FROM ledger_rounds WHERE status = 'closed'`, ROUNDS, 600_000);
  await waitCount(query, `SELECT (count(*) = 0)::int AS n FROM ledger_outbox`, 1, 600_000).catch(() => 0);
  say(`settle: ${ROUNDS} results (betting closed beforehand)...`);
  ledger.pause();
  await send(
    producer,
    rounds.map((r) => toWire(r.result, topics)),
  );
  // What tells the tables, hence the players: the settlements and the balance changes, once on the broker.
  const told = await watchTopicEnds(admin, [topics.settlements, topics.wallet]);
  await meter.start();
  ledger.resume();
  const t3 = performance.now();
  const t4 = await waitCount(
    query,
    `SELECT coalesce(sum(cardinality(bet_ids)), 0) AS n FROM ledger_round_settlements`,
    acceptedRows,
    600_000,
    10,
  );
  const settledPerSec = acceptedRows / ((t4 - t3) / 1000);
  say(`  ${acceptedRows} settled in ${((t4 - t3) / 1000).toFixed(2)} s: ${settledPerSec.toFixed(0)} bets/s`);
  await waitCount(query, `SELECT (count(*) = 0)::int AS n FROM ledger_outbox`, 1, 600_000).catch(() => 0);
  const emptied = performance.now();
  // The outbox empties after the relay's next poll: the last event landed on the broker before that.
  const { lastLandedAt: t5, landed } = await told.stop();
  say(
    `  every settlement event on Kafka (${landed}) ${((t5 - t3) / 1000).toFixed(2)} s after the ledger resumed ` +
      `(outbox empty at ${((emptied - t3) / 1000).toFixed(2)} s)`,
  );
  const settleCpu = await meter.stop();
  return {
    acceptedPerSec,
    settledPerSec,
    settleMs: Math.round(t4 - t3),
    settlePublishedMs: Math.round(t5 - t3),
    acceptCpu: perBet(acceptCpu, total),
    settleCpu: perBet(settleCpu, acceptedRows),
  };
}

/**
 * --wallet seamless: the latency phase for the transfer operator's players, then for a seamless operator's (SEAM_A),
 * then for SEAM_A's players beside SEAM_B's while SEAM_B's wallet is slow or down (half the commands each). Prints
 * one JSON object with --json.
 */
async function seamlessPhases(
  kafka: KafkaClient,
  topics: Topics,
  producer: KafkaProducer,
  query: Query,
  meter: CpuMeter,
  baseline: { tps: number; method: string },
  ledgerEnv: Record<string, string>,
  server: string,
  walletDbs: readonly string[],
  wallets: BenchWallet[],
): Promise<void> {
  const loadStart = loadavg();
  const names = ['op-seam-a', 'op-seam-b'];
  for (const [k, db] of walletDbs.entries()) {
    await queryServer(server, `CREATE DATABASE "${db}"`);
    const url = Object.assign(new URL(server), { pathname: `/${db}` }).toString();
    const wallet = await startBenchWallet(names[k], ledgerEnv, url);
    wallets.push(wallet);
    say(`${names[k]}: reference operator wallet at ${wallet.url}; funding ${PLAYERS} players there...`);
    await wallet.fund(PLAYERS, 1_000_000_000_000n);
  }
  const [a, b] = wallets;
  // The ledger's list of seamless operators is cached for 1 s.
  await sleep(2_000);
  const phase = async (label: string, operators: string[], awaited: string[] = operators) => {
    say(`${label}: ${RATE} bets/s for ${WARMUP_SECONDS} s of warm-up, then ${LATENCY_SECONDS} s measured...`);
    const lat = await latencyPhase(kafka, topics, producer, query, meter, operators, awaited);
    for (const o of lat.byOperator)
      say(
        `  ${o.operatorId}: p50 ${o.p50} / p90 ${o.p90} / p99 ${o.p99} ms, ${o.count}/${o.sent} decided, ` +
          `${o.accepted} accepted (${o.acceptedPerSec}/s), rejected ${JSON.stringify(o.rejected)}`,
      );
    return lat.byOperator;
  };
  const [transfer] = await phase('transfer wallet', [BENCH_OPERATOR]);
  const [seamless] = await phase(`seamless wallet (${a.operatorId})`, [a.operatorId]);
  // The isolation phase starts once the first operator's bets of the phase before are decided (or DRAIN_SECONDS).
  const undecided = async () =>
    Number(
      (
        await query<{ n: string }>(
          `SELECT count(*) AS n FROM ledger_seamless_bets WHERE operator_id = $1 AND state IN ('debiting', 'funded')`,
          [a.operatorId],
        )
      )[0].n,
    );
  const drainDeadline = Date.now() + DRAIN_SECONDS * 1_000;
  while ((await undecided()) > 0 && Date.now() < drainDeadline) await sleep(500);
  const backlogBeforeIsolation = await undecided();
  say(`  ${a.operatorId}: ${backlogBeforeIsolation} bets still undecided as the isolation phase starts`);
  const fault =
    SLOW_MODE === 'slow' ? { call: '*', mode: 'slow', delayMs: SLOW_MS } : { call: '*', mode: SLOW_MODE };
  await b.faults([fault]);
  const [healthy, slow] = await phase(
    `isolation (${b.operatorId}'s wallet ${SLOW_MODE}${SLOW_MODE === 'slow' ? ` ${SLOW_MS} ms a call` : ''})`,
    [a.operatorId, b.operatorId],
    [a.operatorId],
  );
  await b.faults([]);
  const loadEnd = loadavg();
  const round2 = (x: number) => Number(x.toFixed(2));
  const pick = (o: typeof transfer | undefined) =>
    o && {
      decisionP50Ms: o.p50,
      decisionP90Ms: o.p90,
      decisionP99Ms: o.p99,
      decisionMaxMs: o.max,
      decided: o.count,
      sent: o.sent,
      acceptedPerSec: o.acceptedPerSec,
      rejected: o.rejected,
    };
  const result = {
    wallet: 'seamless',
    ratePerSec: RATE,
    decisionP50Ms: seamless.p50,
    decisionP90Ms: seamless.p90,
    decisionP99Ms: seamless.p99,
    acceptedPerSec: seamless.acceptedPerSec,
    transfer: pick(transfer),
    addedP99Ms: round2(seamless.p99 - transfer.p99),
    addedP50Ms: round2(seamless.p50 - transfer.p50),
    isolation: {
      slowOperator: { ...fault, ratePerSec: RATE / 2 },
      healthy: pick(healthy),
      // The slow operator's decisions that came within the phase (the rest are still being debited at its end).
      slow: pick(slow),
      // The first operator's bets of the seamless phase still undecided when this one began (0: a clean start).
      backlogBeforeIsolation,
      healthyP99MinusAloneP99Ms: round2(healthy.p99 - seamless.p99),
    },
    seamless: pick(seamless),
    baselineTps: Math.round(baseline.tps),
    load: { start: loadStart.map(round2), end: loadEnd.map(round2) },
  };
  if (JSON_OUT) console.log(JSON.stringify(result));
  else
    console.log(
      `\nat ${RATE}/s: seamless p99 ${seamless.p99} ms, transfer p99 ${transfer.p99} ms (added ${result.addedP99Ms} ms); ` +
        `beside a ${SLOW_MODE} operator p99 ${healthy.p99} ms; baseline ${result.baselineTps} tx/s`,
    );
}

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
  const ledger = new LedgerProcess(
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
      // The ledger is frozen (SIGSTOP) while work is queued; it must not lose its partitions meanwhile.
      KAFKA_SESSION_TIMEOUT_MS: '120000',
    },
    process.env.BENCH_ECHO === '1',
  );
  let ds: DataSource | undefined;
  const producer = kafka.producer();
  // The bench's own queries, on a session the CPU meter does not count as the ledger's.
  const probe = new Client({ connectionString: dbUrl, application_name: 'ledger-bench' });
  const query: Query = async <R extends QueryResultRow>(sql: string, params?: unknown[]) =>
    (await probe.query<R>(sql, params)).rows;
  try {
    ds = await openLedgerDataSource(dbUrl, 4, true);
    say(`baseline: ${BASELINE_SECONDS}s of one INSERT+UPDATE transaction per bet on the same PostgreSQL...`);
    const baseline = await measureBaseline(dbUrl, BASELINE_SECONDS);
    say(`  ${baseline.tps.toFixed(0)} tx/s (${baseline.method})`);
    await fundPlayers(ds);
    // Its sessions carry the ledger's application_name: closed before anything is measured.
    await ds.destroy();
    ds = undefined;
    await probe.connect();
    await ledger.start();
    const meter = new CpuMeter(query, dbName, ledgerPidFrom(ledger.tail(200)));
    await registerBenchTables(ledger);
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

    const tp = await throughputPhases(admin, topics, producer, query, ledger, id, meter);
    const { acceptedPerSec, settledPerSec } = tp;

    say(`latency: ${RATE} bets/s for ${WARMUP_SECONDS} s of warm-up, then ${LATENCY_SECONDS} s measured...`);
    const lat = await latencyPhase(kafka, topics, producer, query, meter);
    say(
      `  command → decision p50 ${lat.p50.toFixed(1)} ms, p99 ${lat.p99.toFixed(1)} ms (${lat.count}/${lat.sent} decisions)`,
    );

    const result = {
      settledPerSec: Math.round(settledPerSec),
      acceptedPerSec: Math.round(acceptedPerSec),
      // All results at once → every wallet credited (settleMs), → every settlement event on Kafka. With --rounds 1
      // (e.g. --bets-per-round 100000) the latter is settleRoundMs: one round's result to every player told.
      settleMs: tp.settleMs,
      settlePublishedMs: tp.settlePublishedMs,
      ...(ROUNDS === 1 ? { settleRoundMs: tp.settlePublishedMs } : {}),
      decisionP50Ms: Number(lat.p50.toFixed(2)),
      decisionP99Ms: Number(lat.p99.toFixed(2)),
      baselineTps: Math.round(baseline.tps),
      // CPU µs per bet of the ledger process and of its PostgreSQL sessions (/proc; absent elsewhere).
      cpuUsPerBet: { accept: tp.acceptCpu, settle: tp.settleCpu, latency: lat.cpu },
    };
    if (JSON_OUT) console.log(JSON.stringify(result));
    else {
      console.log(
        `\nsettled ${result.settledPerSec}/s = ${(result.settledPerSec / result.baselineTps).toFixed(1)}× baseline ` +
          `${result.baselineTps} tx/s; accepted ${result.acceptedPerSec}/s; p99 ${result.decisionP99Ms} ms at ${RATE}/s`,
      );
    }
  } finally {
    await ledger.stop().catch(() => undefined);
    for (const w of wallets) await w.stop().catch(() => undefined);
    await producer.disconnect().catch(() => undefined);
    await ds?.destroy().catch(() => undefined);
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
