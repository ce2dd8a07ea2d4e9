import { seededRandom } from '@casino/cards';
import { Topics } from '@casino/events';
import { KafkaAdmin, KafkaProducer } from '@casino/kafka';
import { performance } from 'node:perf_hooks';
import { CpuMeter, CpuPerBet, perBet, Query } from './bench-cpu';
import { Freezable } from './bench-instances';
import { send, waitCount } from './bench-io';
import { BENCH_OPERATOR, buildRounds, recordBenchSessions, toWire } from './bench-load';
import { describeLockWait, LockWaitSampler, LockWaitShare } from './bench-lock-wait';
import { watchTopicEnds } from './bench-offsets';
import { BETS_PER_ROUND, PLAYERS, ROUNDS, say, TABLES } from './bench-options';

/**
 * Acceptance, then settlement, each of a stream queued in Kafka while the ledger was frozen. In a function of its
 * own so that its 100,000 commands are garbage before the latency phase (a large heap makes the load generator's
 * own collections long, and they would count as latency).
 */
export async function throughputPhases(
  admin: KafkaAdmin,
  topics: Topics,
  producer: KafkaProducer,
  query: Query,
  ledger: Freezable,
  id: string,
  meter: CpuMeter,
  lockWait: LockWaitSampler | undefined,
): Promise<{
  acceptedPerSec: number;
  settledPerSec: number;
  settleMs: number;
  settlePublishedMs: number;
  acceptCpu?: CpuPerBet;
  settleCpu?: CpuPerBet;
  acceptLockWait?: LockWaitShare;
}> {
  const rounds = buildRounds(ROUNDS, BETS_PER_ROUND, PLAYERS, TABLES, seededRandom('bench'), `tp-${id}`);
  const total = ROUNDS * BETS_PER_ROUND;
  await recordBenchSessions(query, [BENCH_OPERATOR], PLAYERS);
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
  lockWait?.start();
  ledger.resume();
  const t0 = performance.now();
  const t1 = await waitCount(
    query,
    `SELECT count(*) AS n FROM ledger_processed_events`,
    ROUNDS + total,
    600_000,
  );
  const acceptLockWait = await lockWait?.stop();
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
  if (acceptLockWait) say(`  ${describeLockWait('accept', acceptLockWait)}`);

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
    acceptLockWait,
  };
}
