/* Roulette settlement throughput: `node dist/cli/bench.js [--json]`. */
import { benchRoulette } from '../bench';

const result = benchRoulette();
if (process.argv.includes('--json')) {
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else {
  process.stdout.write(`roulette: ${result.rouletteBetsPerSec.toLocaleString('en-US')} bets settled/s\n`);
}
