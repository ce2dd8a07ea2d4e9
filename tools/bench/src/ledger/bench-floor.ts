import { spawn } from 'node:child_process';
import path from 'node:path';
import { LATENCY_SECONDS, RATE, say, WARMUP_SECONDS } from './bench-options';

/** The Kafka floor's decision latency in the same run, and the ledger's as a multiple of it. */
export interface FloorComparison {
  floor: { decisionP50Ms: number; decisionP99Ms: number };
  /** The ledger's p50 and p99 divided by the floor's (issue 44's aim: each ≤ 2). */
  ratio: { p50: number; p99: number };
}

/**
 * Runs bench:kafka-floor's latency phase (the same rate, warm-up and length; no drain phase) as a child process,
 * after the ledger has stopped, so both figures come from one machine in one hour (docs/benchmarks.md).
 */
export async function floorPhase(ledger: { p50: number; p99: number }): Promise<FloorComparison> {
  say(`floor: the same stream through Kafka alone (bench:kafka-floor, a stand-in for the ledger)...`);
  const args = [
    path.join(__dirname, '../kafka-floor/bench.js'),
    '--json',
    '--rounds',
    '0',
    '--baseline-seconds',
    '1',
    '--rate',
    String(RATE),
    '--warmup-seconds',
    String(WARMUP_SECONDS),
    '--latency-seconds',
    String(LATENCY_SECONDS),
  ];
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (d: Buffer) => (text += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`bench:kafka-floor exited with ${code}`)),
    );
  });
  const floor = JSON.parse(out.trim().split('\n').pop() ?? '{}') as FloorComparison['floor'];
  const ratio = {
    p50: Number((ledger.p50 / floor.decisionP50Ms).toFixed(2)),
    p99: Number((ledger.p99 / floor.decisionP99Ms).toFixed(2)),
  };
  say(
    `  floor p50 ${floor.decisionP50Ms} ms, p99 ${floor.decisionP99Ms} ms: the ledger is ${ratio.p50}× and ` +
      `${ratio.p99}× the floor`,
  );
  return { floor: { decisionP50Ms: floor.decisionP50Ms, decisionP99Ms: floor.decisionP99Ms }, ratio };
}
