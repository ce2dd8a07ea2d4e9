import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

// bench:ledger and bench:kafka-floor as `npm run` starts them (built dist, the platform's broker), on a short load:
// each prints its figures as one JSON object and leaves nothing behind. No figure is judged here (docs/benchmarks.md).
const SHORT = [
  ...['--rounds', '1', '--bets-per-round', '300', '--players', '100', '--tables', '2'],
  ...['--rate', '200', '--warmup-seconds', '1', '--latency-seconds', '2', '--baseline-seconds', '1'],
  ...['--wait-seconds', '30', '--json'],
];

const run = (script: string): Record<string, unknown> => {
  const out = spawnSync(process.execPath, ['--expose-gc', join(__dirname, '../dist', script), ...SHORT], {
    encoding: 'utf8',
    timeout: 150_000,
  });
  expect({ status: out.status, stderr: out.status === 0 ? '' : out.stderr.slice(-4_000) }).toEqual({
    status: 0,
    stderr: '',
  });
  return JSON.parse(out.stdout) as Record<string, unknown>;
};

describe('bench smoke runs', () => {
  it('bench:ledger accepts, settles and decides through Kafka and PostgreSQL', () => {
    const result = run('ledger/bench.js');
    expect(result.acceptedPerSec).toBeGreaterThan(0);
    expect(result.settledPerSec).toBeGreaterThan(0);
    expect(result.decisionP99Ms).toBeGreaterThan(0);
    expect(result.baselineTps).toBeGreaterThan(0);
  }, 160_000);

  it('bench:kafka-floor decides through Kafka alone and drains its backlog', () => {
    const result = run('kafka-floor/bench.js');
    expect(result.decisionP99Ms).toBeGreaterThan(0);
    expect(result.drainedPerSec).toBeGreaterThan(0);
    expect(result.baselineTps).toBeGreaterThan(0);
  }, 160_000);
});
