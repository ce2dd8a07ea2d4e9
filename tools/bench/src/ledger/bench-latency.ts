import { seededRandom } from '@casino/cards';
import { Topics } from '@casino/events';
import { KafkaClient, KafkaProducer } from '@casino/kafka';
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { CpuMeter, perBet, Query } from './bench-cpu';
import { consumeDecisions, send, sendPaced, waitCount } from './bench-io';
import { describeMachineCpu } from './bench-machine-cpu';
import { describeLockWait, LockWaitSampler } from './bench-lock-wait';
import {
  BENCH_OPERATOR,
  buildRounds,
  percentile,
  recordBenchSessions,
  toWire,
  WireMessage,
} from './bench-load';
import {
  LATENCY_SECONDS,
  PLAYERS,
  RATE,
  say,
  sleep,
  TABLES,
  TRACE_FILE,
  WAIT_SECONDS,
  WARMUP_SECONDS,
} from './bench-options';

/**
 * The latency phase's stream: 4 rounds' openings, then their commands interleaved (several tables at once) and
 * serialized up front. Only strings are kept: the load generator's own collections would count as latency.
 * `operators`: player `bpN` bets for operators[N % length].
 */
export function latencyStream(
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
export interface OperatorLatency {
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

/**
 * Sends the latency stream at RATE and times each measured command to its decision on the decisions topic, by
 * operator.
 */
export async function latencyPhase(
  kafka: KafkaClient,
  topics: Topics,
  producer: KafkaProducer,
  query: Query,
  meter: CpuMeter,
  {
    operators = [BENCH_OPERATOR],
    // Operators whose decisions are awaited at the end (a slow operator's may never all come within the phase).
    awaited = operators,
    waitSeconds = WAIT_SECONDS,
    // The ledger sessions' lock waits over the same window as the CPU meter (bench:ledger's transfer run).
    lockWait,
  }: {
    operators?: readonly string[];
    awaited?: readonly string[];
    waitSeconds?: number;
    lockWait?: LockWaitSampler;
  } = {},
) {
  const tag = `lat${Date.now().toString(36)}`;
  const { opened, commands: wire, ids, operatorIndex } = latencyStream(topics, tag, operators);
  await recordBenchSessions(query, operators, PLAYERS);
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
  const consumer = await consumeDecisions(
    kafka,
    topics.betDecisions,
    `bench-lat-${Date.now()}`,
    (value, now) => {
      // The load generator only needs the command id; the ledger validated what it published.
      const { commandId, occurredAt, type, code } = JSON.parse(value.toString()) as {
        commandId?: string;
        occurredAt: string;
        type: string;
        code?: string;
      };
      const i = commandId === undefined ? undefined : indexOf.get(commandId);
      // Warm-up commands, and a decision published twice (the relay after a crash), are not counted.
      const t = i === undefined ? 0 : sentAt[i];
      if (i === undefined || t === 0) return;
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
    },
  );
  await sleep(1_500);
  // Start from a compacted heap (run with --expose-gc, as run-tool.sh does), not halfway to a major collection.
  (globalThis as { gc?: () => void }).gc?.();
  // Only the ends are sampled: the load generator does nothing else while it measures latency.
  await meter.start(false);
  meter.machine.begin();
  lockWait?.start();
  let measuredFrom = performance.now();
  await sendPaced(producer, wire, RATE, (i, end) => {
    if (i <= warmup && warmup < end) measuredFrom = performance.now();
    sentAt.fill(performance.now(), Math.max(i, warmup), end);
    sentWall.fill(Date.now(), Math.max(i, warmup), end);
  });
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
  const lockWaits = await lockWait?.stop();
  const cpu = await meter.stop();
  const machine = meter.machine.end(total);
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
  if (machine) say(`  ${describeMachineCpu(machine)}`);
  if (lockWaits) say(`  ${describeLockWait('latency', lockWaits)}`);
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
    machine,
    byOperator,
    lockWait: lockWaits,
  };
}
