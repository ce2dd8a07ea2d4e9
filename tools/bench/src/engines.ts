// npm run bench:engines [-- --json]: single-thread throughput of each engine, measured in this process.
import { benchBaccarat } from '@casino/baccarat';
import { benchBlackjack } from '@casino/blackjack';
import { benchRoulette } from '@casino/roulette';
import { cpus } from 'node:os';

const json = process.argv.includes('--json');
const log = (line: string) => {
  if (!json) console.log(line);
};

log(`engines benchmark on ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, one thread`);
const baccarat = benchBaccarat();
log(
  `baccarat  ${Math.round(baccarat.baccaratRoundsPerSec).toLocaleString('en')} rounds/s (deal + outcome + settle 8 bets)`,
);
log(`baccarat  exact 8-deck enumeration ${baccarat.baccaratExactMs.toFixed(1)} ms`);
const blackjack = benchBlackjack();
log(
  `blackjack ${Math.round(blackjack.blackjackHandsPerSec).toLocaleString('en')} hands/s (basic strategy, 8 decks)`,
);
const roulette = benchRoulette();
log(`roulette  ${Math.round(roulette.rouletteBetsPerSec).toLocaleString('en')} bets settled/s`);

if (json) {
  console.log(
    JSON.stringify({
      baccaratRoundsPerSec: Math.round(baccarat.baccaratRoundsPerSec),
      baccaratExactMs: Number(baccarat.baccaratExactMs.toFixed(1)),
      blackjackHandsPerSec: Math.round(blackjack.blackjackHandsPerSec),
      rouletteBetsPerSec: Math.round(roulette.rouletteBetsPerSec),
    }),
  );
}
