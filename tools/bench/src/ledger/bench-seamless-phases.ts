import { Topics } from '@casino/events';
import { KafkaClient, KafkaProducer } from '@casino/kafka';
import { queryServer } from '@casino/test-support';
import { loadavg } from 'node:os';
import { CpuMeter, Query } from './bench-cpu';
import { latencyPhase } from './bench-latency';
import { BENCH_OPERATOR } from './bench-load';
import {
  DRAIN_SECONDS,
  JSON_OUT,
  LATENCY_SECONDS,
  PLAYERS,
  RATE,
  say,
  sleep,
  SLOW_MODE,
  SLOW_MS,
  WARMUP_SECONDS,
} from './bench-options';
import { BenchWallet, startBenchWallet } from './bench-seamless';

/**
 * --wallet seamless: the latency phase for the transfer operator's players, then for a seamless operator's (SEAM_A),
 * then for SEAM_A's players beside SEAM_B's while SEAM_B's wallet is slow or down (half the commands each). Prints
 * one JSON object with --json.
 */
export async function seamlessPhases(
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
    meter.machine.assign('wallet', { pids: wallet.pid === undefined ? [] : [wallet.pid] });
    meter.machine.assign('walletDb', { databases: [db] });
    say(`${names[k]}: reference operator wallet at ${wallet.url}; funding ${PLAYERS} players there...`);
    await wallet.fund(PLAYERS, 1_000_000_000_000n);
  }
  const [a, b] = wallets;
  // The ledger's list of seamless operators is cached for 1 s.
  await sleep(2_000);
  const phase = async (label: string, operators: string[], awaited: string[] = operators) => {
    say(`${label}: ${RATE} bets/s for ${WARMUP_SECONDS} s of warm-up, then ${LATENCY_SECONDS} s measured...`);
    const lat = await latencyPhase(kafka, topics, producer, query, meter, { operators, awaited });
    for (const o of lat.byOperator)
      say(
        `  ${o.operatorId}: p50 ${o.p50} / p90 ${o.p90} / p99 ${o.p99} ms, ${o.count}/${o.sent} decided, ` +
          `${o.accepted} accepted (${o.acceptedPerSec}/s), rejected ${JSON.stringify(o.rejected)}`,
      );
    return lat;
  };
  const transferPhase = await phase('transfer wallet', [BENCH_OPERATOR]);
  const seamlessPhase = await phase(`seamless wallet (${a.operatorId})`, [a.operatorId]);
  const [transfer] = transferPhase.byOperator;
  const [seamless] = seamlessPhase.byOperator;
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
  const {
    byOperator: [healthy, slow],
  } = await phase(
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
    transfer: { ...pick(transfer), machineCpu: transferPhase.machine },
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
    seamless: { ...pick(seamless), machineCpu: seamlessPhase.machine },
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
