/** What `npm run bench:table` runs: players, rounds, the table's windows, the load generator's shape. */
export interface BenchOptions {
  players: number;
  rounds: number;
  /** Client processes the sockets are spread over (0: one per 2,500 players). */
  workers: number;
  /** Sockets connecting at once, per worker. */
  connectConcurrency: number;
  /** The service's timers (BETTING_MS, CARD_MS, RESULT_MS). */
  bettingMs: number;
  cardMs: number;
  resultMs: number;
  /** Share of players who bet in a round (the others watch: sockets that only receive). */
  betShare: number;
  /** Share of a round's first bets placed in its last `lateWindowMs` (the rest earlier in the window). */
  lateShare: number;
  lateWindowMs: number;
  /** Share of players who also try the opposite main bet (Player+Banker: the ledger refuses it). */
  opposingShare: number;
  /** Share of players who place a Tie bet and withdraw it before the close. */
  cancelShare: number;
  seed: string;
  /** The play phase's limit: past it the workers report what they saw (0: rounds × the round's length + 2 min). */
  maxSeconds: number;
  /** Tokens from the operator's launch (POST /v1/sessions) rather than minted with the platform's secret. */
  launch: boolean;
  /** Seconds of the same-run pgbench baseline (0: none). */
  baselineSeconds: number;
  json: boolean;
  /** Extra node flags for the game service (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). */
  serviceNodeArgs: string[];
  /** Leave the databases and topics (and write the platform's coordinates) for a later `--reuse`. */
  keep: boolean;
  /** A platform left by `--keep`: its ledger, operator and service are reused instead of started. */
  reuse?: string;
  /** Show the ledger's and the service's output on stderr. */
  echo: boolean;
}

export class UsageError extends Error {}

const DEFAULTS: BenchOptions = {
  players: 200,
  rounds: 3,
  workers: 0,
  connectConcurrency: 100,
  bettingMs: 15_000,
  cardMs: 800,
  resultMs: 4_000,
  betShare: 1,
  lateShare: 0.8,
  lateWindowMs: 3_000,
  opposingShare: 0.08,
  cancelShare: 0.1,
  seed: 'bench-table',
  maxSeconds: 0,
  baselineSeconds: 5,
  launch: false,
  json: false,
  serviceNodeArgs: [],
  keep: false,
  echo: false,
};

const INTEGERS: Record<string, [keyof BenchOptions, number, number]> = {
  players: ['players', 1, 50_000],
  rounds: ['rounds', 1, 1_000],
  workers: ['workers', 0, 32],
  'connect-concurrency': ['connectConcurrency', 1, 5_000],
  'betting-ms': ['bettingMs', 1_000, 600_000],
  'card-ms': ['cardMs', 10, 60_000],
  'result-ms': ['resultMs', 100, 600_000],
  'late-window-ms': ['lateWindowMs', 100, 600_000],
  'baseline-seconds': ['baselineSeconds', 0, 600],
  'max-seconds': ['maxSeconds', 0, 36_000],
};
const SHARES: Record<string, keyof BenchOptions> = {
  'bet-share': 'betShare',
  'late-share': 'lateShare',
  'opposing-share': 'opposingShare',
  'cancel-share': 'cancelShare',
};

export function parseArgs(argv: readonly string[]): BenchOptions {
  const out: BenchOptions = { ...DEFAULTS, serviceNodeArgs: [] };
  const rec = out as unknown as Record<string, unknown>;
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].replace(/^--/, '');
    if (name === 'json' || name === 'keep' || name === 'echo' || name === 'launch') {
      rec[name] = true;
      continue;
    }
    const value = argv[i + 1];
    if (!argv[i].startsWith('--') || value === undefined) throw new UsageError(`unexpected ${argv[i]}`);
    i++;
    if (INTEGERS[name]) {
      const [key, min, max] = INTEGERS[name];
      const n = Number(value);
      if (!Number.isInteger(n) || n < min || n > max)
        throw new UsageError(`--${name} must be an integer in ${min}..${max}, got ${value}`);
      rec[key] = n;
    } else if (SHARES[name]) {
      const n = Number(value);
      if (!(n >= 0 && n <= 1)) throw new UsageError(`--${name} must be in 0..1, got ${value}`);
      rec[SHARES[name]] = n;
    } else if (name === 'seed') out.seed = value;
    else if (name === 'reuse') out.reuse = value;
    else if (name === 'service-node-args') out.serviceNodeArgs = value.split(' ').filter(Boolean);
    else throw new UsageError(`unknown flag --${name}`);
  }
  if (out.lateWindowMs >= out.bettingMs) out.lateWindowMs = Math.max(100, out.bettingMs - 500);
  return out;
}

/** One worker per 2,500 sockets unless told: one process's event loop is what delays a socket's messages. */
export function workerCount(options: BenchOptions): number {
  if (options.workers > 0) return Math.min(options.workers, options.players);
  return Math.max(1, Math.ceil(options.players / 2_500));
}
