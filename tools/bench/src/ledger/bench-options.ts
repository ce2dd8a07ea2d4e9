/** The command line of `npm run bench:ledger` (documented in bench.ts), and how the bench reports progress. */
const argv = process.argv.slice(2);
export const flag = (name: string) => argv.includes(`--${name}`);
export const num = (name: string, def: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : def;
};
export const JSON_OUT = flag('json');
export const ROUNDS = num('rounds', 40);
export const BETS_PER_ROUND = num('bets-per-round', 2_500);
export const PLAYERS = num('players', 4_000);
export const TABLES = num('tables', 8);
// Ledger processes on the same database and consumer group, over the whole run (bench-instances.ts).
export const INSTANCES = num('instances', 1);
if (!Number.isInteger(INSTANCES) || INSTANCES < 1)
  throw new Error(`--instances ${INSTANCES}: a whole number ≥ 1`);
// --wallet seamless: the bets of seamless operators' players, debited at the reference operator wallet.
export const WALLET = argv.includes('--wallet') ? argv[argv.indexOf('--wallet') + 1] : 'transfer';
if (WALLET !== 'transfer' && WALLET !== 'seamless')
  throw new Error(`--wallet ${WALLET}: transfer or seamless`);
export const RATE = num('rate', WALLET === 'seamless' ? 1_000 : 2_000);
// The isolation phase's second seamless operator: its wallet answers every call after --slow-ms (mode slow), or
// fails every call at once (--slow-mode fail: 503, the operator down).
export const SLOW_MODE = argv.includes('--slow-mode') ? argv[argv.indexOf('--slow-mode') + 1] : 'slow';
export const SLOW_MS = num('slow-ms', 2_000);
// After the last command of a latency phase, how long the bench waits for the awaited decisions still missing.
export const WAIT_SECONDS = num('wait-seconds', 60);
// Before the isolation phase, how long the bench waits for the seamless operator's bets still being debited.
export const DRAIN_SECONDS = num('drain-seconds', 120);
export const LATENCY_SECONDS = num('latency-seconds', 10);
// Sent at the same rate before the measured commands and left out of the figures (JIT, pools, fetch sessions).
export const WARMUP_SECONDS = num('warmup-seconds', 3);
// --trace FILE: every measured command as [ms since the phase began, latency ms, of which sent → decided ms].
export const TRACE_FILE = argv.includes('--trace') ? argv[argv.indexOf('--trace') + 1] : undefined;
export const BASELINE_SECONDS = num('baseline-seconds', 5);

export const say = (line: string) => {
  if (!JSON_OUT) console.log(line);
  else console.error(line);
};
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
