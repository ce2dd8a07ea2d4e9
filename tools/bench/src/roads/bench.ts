// npm run bench:roads [-- --json] [--shoes N] [--seed S]: time of the five baccarat roads over full 8-deck shoes.
import { addResult, askRoads, computeRoads, createRoadState, RoadResult } from '@casino/roads';
import { cpus, loadavg } from 'node:os';
import { dealShoes } from './shoes';

const argv = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
};
const json = argv.includes('--json');
const shoeCount = Number(option('shoes', '10000'));
const seed = option('seed', 'roads-bench');
if (!Number.isSafeInteger(shoeCount) || shoeCount < 1)
  throw new RangeError('--shoes must be a positive integer');

const log = (line: string) => {
  if (!json) console.log(line);
};

/** The five roads of a whole shoe at once (a lobby tile or a table view opened mid-shoe). */
function fiveRoads(results: readonly RoadResult[]): number {
  const roads = computeRoads(results);
  return roads.bigRoad.entries.length + roads.bigEye.entries.length + roads.cockroach.columns;
}

/** A live table: each result added as it is dealt, and the ask roads recomputed after each. */
function liveWithAsk(results: readonly RoadResult[]): number {
  const state = createRoadState();
  let marks = 0;
  for (let i = 0; i < results.length; i++) {
    addResult(state, results[i]);
    const ask = askRoads(state);
    if (ask.banker.bigEye !== null) marks++;
  }
  return marks;
}

/** Milliseconds each shoe took, one run over every shoe. */
function timeEach(shoes: readonly RoadResult[][], run: (results: readonly RoadResult[]) => number): number[] {
  const times = new Array<number>(shoes.length);
  let sink = 0;
  for (let i = 0; i < shoes.length; i++) {
    const started = process.hrtime.bigint();
    sink += run(shoes[i]);
    times[i] = Number(process.hrtime.bigint() - started) / 1e6;
  }
  // Keep the results observable so the work cannot be optimised away.
  if (sink < 0) throw new Error('unreachable');
  return times;
}

interface ShoeTimes {
  p50: number;
  p99: number;
  /** The slowest shoe: where a garbage collection or the shared machine's other work lands. */
  max: number;
  mean: number;
}

function summarise(times: number[]): ShoeTimes {
  const sorted = [...times].sort((a, b) => a - b);
  const round = (ms: number) => Number(ms.toFixed(4));
  const at = (q: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
  const mean = round(times.reduce((sum, t) => sum + t, 0) / times.length);
  return { p50: at(0.5), p99: at(0.99), max: at(1), mean };
}

log(`roads benchmark on ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, one thread`);
const shoes = dealShoes(shoeCount, seed);
const resultsPerShoe = shoes.reduce((sum, shoe) => sum + shoe.length, 0) / shoes.length;
log(
  `${shoes.length} shoes of 8 decks dealt by the engine (seed ${seed}), ${resultsPerShoe.toFixed(1)} results a shoe`,
);

// Warm-up: one untimed pass of each workload, so the figures are of optimised code.
timeEach(shoes, fiveRoads);
timeEach(shoes, liveWithAsk);
const fullShoeFiveRoadsMs = summarise(timeEach(shoes, fiveRoads));
const liveShoeWithAskMs = summarise(timeEach(shoes, liveWithAsk));
// Other work on the machine shows in p99 and max; the load average says how much there was.
const loadAverage1m = Number(loadavg()[0].toFixed(2));

const line = (label: string, t: ShoeTimes) =>
  log(`${label.padEnd(34)} p50 ${t.p50} ms  p99 ${t.p99} ms  max ${t.max} ms  mean ${t.mean} ms`);
line('five roads of a full shoe', fullShoeFiveRoadsMs);
line('live shoe, ask roads every result', liveShoeWithAskMs);
log(`load average (1 min) ${loadAverage1m} on ${cpus().length} cores`);

if (json) {
  console.log(
    JSON.stringify({
      fullShoeFiveRoadsMs,
      liveShoeWithAskMs,
      shoes: shoes.length,
      resultsPerShoe: Number(resultsPerShoe.toFixed(1)),
      seed,
      loadAverage1m,
    }),
  );
}
