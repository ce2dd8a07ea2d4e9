/* Blackjack simulation throughput: `node dist/cli/bench.js [--json]`. */
import { benchBlackjack } from '../sim/bench';

const result = benchBlackjack();
if (process.argv.includes('--json')) {
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else {
  process.stdout.write(
    `blackjack: ${result.blackjackHandsPerSec.toLocaleString('en-US')} basic-strategy hands/s (one core)\n`,
  );
}
