import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

// The whole tool, as `npm run bench:table` runs it (built dist), on a short table: 20 players, one round.
describe('bench:table smoke run', () => {
  it('plays a round with 20 socket.io players and prints the figures as one JSON object', () => {
    const run = spawnSync(
      process.execPath,
      [
        join(__dirname, '../dist/main.js'),
        ...['--players', '20', '--rounds', '1', '--betting-ms', '3000', '--card-ms', '100'],
        ...['--result-ms', '500', '--baseline-seconds', '1', '--launch', '--json'],
      ],
      { encoding: 'utf8', timeout: 110_000 },
    );
    expect({ status: run.status, stderr: run.status === 0 ? '' : run.stderr }).toEqual({
      status: 0,
      stderr: '',
    });
    const result = JSON.parse(run.stdout) as Record<string, unknown> & { perRound: { placed: number }[] };
    expect(result.connected).toBe(20);
    expect(result.rounds).toBe(1);
    expect(result.perRound[0].placed).toBeGreaterThanOrEqual(20);
    expect(result.resultsReceivedShare).toBe(1);
    expect(result.betsDecidedBeforeClose).toBeGreaterThan(0.9);
    expect(result.serviceRssMb).toBeGreaterThan(0);
    expect(result.baselineTps).toBeGreaterThan(0);
    expect(typeof result.resultFanoutP99Ms).toBe('number');
  }, 120_000);
});
