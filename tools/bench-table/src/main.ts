// `npm run bench:table`: N real socket.io players at one baccarat table of one real service instance, with the
// real ledger, Kafka and PostgreSQL; prints what issue 18 asks of a table under load (--json: one JSON object).
import { measureBaseline } from '@casino/bench/dist/ledger/bench-baseline';
import { prefixedTopics } from '@casino/events';
import {
  createKafka,
  databaseUrl,
  queryDatabase,
  recordTestSessions,
  testPlayerToken,
  testSessionId,
} from '@casino/test-support';
import { ChildProcess, fork } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { BenchOptions, parseArgs, UsageError, workerCount } from './args';
import { FromWorker, LaunchedPlayer, ToWorker, WorkerReport } from './messages';
import { onboardPlayers } from './operator-api';
import {
  Platform,
  PLAYER_FUNDS,
  reusePlatform,
  snapshotBytes,
  snapshotSaves,
  startPlatform,
  stopPlatform,
} from './platform';
import { BackendCpuMeter, cpuSecondsOf, sampleMemory } from './proc-stats';
import { decisionBreakdown, tableFigures } from './report';
import { RoundWatch } from './round-watch';

const options: BenchOptions = readOptions();
const say = (line: string) => (options.json ? console.error(line) : console.log(line));
const load = () => loadavg().map((x) => Math.round(x * 100) / 100);

interface Worker {
  child: ChildProcess;
  next(type: FromWorker['type'], timeoutMs: number): Promise<FromWorker>;
  send(message: ToWorker): void;
}

function startWorker(): Worker {
  const child = fork(join(__dirname, 'worker.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const inbox: FromWorker[] = [];
  let wake = () => undefined as void;
  child.on('message', (m: FromWorker) => {
    inbox.push(m);
    wake();
  });
  return {
    child,
    send: (message) => child.send(message),
    async next(type, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const failed = inbox.find((m) => m.type === 'failed');
        if (failed?.type === 'failed') throw new Error(`a client worker failed: ${failed.message}`);
        const i = inbox.findIndex((m) => m.type === type);
        if (i >= 0) return inbox.splice(i, 1)[0];
        if (child.exitCode !== null) throw new Error(`a client worker exited (${child.exitCode})`);
        if (Date.now() > deadline)
          throw new Error(`no '${type}' from a client worker within ${timeoutMs} ms`);
        await new Promise<void>((r) => {
          wake = r;
          setTimeout(r, 500);
        });
      }
    },
  };
}

async function connectPlayers(platform: Platform, players: LaunchedPlayer[]) {
  const n = workerCount(options);
  const workers = Array.from({ length: n }, startWorker);
  const share = (w: number) => players.filter((_, i) => i % n === w);
  const shape = {
    betShare: options.betShare,
    lateShare: options.lateShare,
    lateWindowMs: options.lateWindowMs,
    opposingShare: options.opposingShare,
    cancelShare: options.cancelShare,
  };
  workers.forEach((w, i) =>
    w.send({
      type: 'init',
      serviceUrl: platform.service.url,
      tableId: platform.tableId,
      players: share(i),
      rounds: options.rounds,
      seed: options.seed,
      shape,
      connectConcurrency: options.connectConcurrency,
    }),
  );
  const connected = await Promise.all(workers.map((w) => w.next('connected', 600_000)));
  return { workers, connected: connected.flatMap((c) => (c.type === 'connected' ? [c] : [])) };
}

async function run(): Promise<void> {
  const loadAtStart = load();
  say(`bench:table: ${options.players} players, ${options.rounds} rounds, load ${loadAtStart.join(' ')}`);
  const runId = Date.now().toString(36);
  const ids = Array.from({ length: options.players }, (_, i) => `bt-${runId}-${i}`);
  // Funded in the ledger's database before it starts, unless the operator's API funds and launches them.
  const direct = !options.launch && !options.reuse;
  const platform = options.reuse
    ? reusePlatform(options.reuse)
    : await startPlatform(options, direct ? ids : []);
  say(
    `  ledger ${platform.ledger.url}, baccarat service ${platform.service.url} (pid ${platform.service.pid})`,
  );
  const watch = new RoundWatch();
  let workers: Worker[] = [];
  try {
    let baseline = { tps: 0, method: 'none' };
    if (options.baselineSeconds > 0) {
      // In the ledger's database, as bench:ledger does (its own two tables).
      const url = new URL(databaseUrl());
      url.pathname = `/${platform.databases[0]}`;
      baseline = await measureBaseline(url.toString(), options.baselineSeconds);
      say(`  baseline: ${Math.round(baseline.tps)} tx/s (${baseline.method})`);
    }
    let t = Date.now();
    const funded = direct
      ? ids.map((playerId) => ({ playerId, token: '' }))
      : await onboardPlayers(platform.ledger.url, platform.operator, ids, PLAYER_FUNDS, options.launch);
    // Without the operator's launch, tokens are minted with the platform's secret, as the e2e harness does, for
    // test launch sessions recorded in the ledger's database (it decides bet commands only with a live session's).
    const operatorId = platform.operator.operatorId;
    const mint = (playerId: string) =>
      testPlayerToken({ playerId, operatorId, currency: 'EUR' }, platform.playerTokenSecret, 4 * 3600);
    const minted = funded.filter((p) => !p.token).map((p) => p.playerId);
    if (minted.length > 0) {
      const ledgerDb = new URL(databaseUrl());
      ledgerDb.pathname = `/${platform.databases[0]}`;
      await recordTestSessions(
        (sql, params) => queryDatabase(ledgerDb.toString(), sql, params),
        minted.map((playerId) => ({
          operatorId,
          playerId,
          currency: 'EUR',
          sessionId: testSessionId(operatorId, playerId),
        })),
      );
    }
    const players = funded.map((p) => ({ playerId: p.playerId, token: p.token || mint(p.playerId) }));
    const how = direct
      ? 'funded in the ledger database before it started, tokens minted with the platform secret'
      : `signed deposits${options.launch ? ', launched through the operator API' : ''}`;
    say(`  ${players.length} players (${how}) in ${Date.now() - t} ms`);
    // Round events, bet commands (`casino.rounds`, or the per-game topics where they are per game), decisions.
    const watched = Object.values(prefixedTopics(platform.prefix)).filter((n) =>
      /casino\.(rounds|bet-commands)(\.baccarat)?$|casino\.bet-decisions$/.test(n),
    );
    await watch.start(createKafka('bench-table-watch'), watched);
    t = Date.now();
    const clients = await connectPlayers(platform, players);
    workers = clients.workers;
    const connected = clients.connected.reduce((n, c) => n + c.connected, 0);
    const connectErrors = Object.assign({}, ...clients.connected.map((c) => c.errors)) as Record<
      string,
      number
    >;
    say(
      `  ${connected} sockets joined the table in ${Date.now() - t} ms over ${workers.length} client process(es)`,
    );

    // Play from the next "no more bets" on: every client then starts with the same round.
    await watch.next('closed', options.bettingMs + 120_000);
    const memory = sampleMemory(platform.service.pid);
    const cpuBefore = cpuSecondsOf(platform.service.pid);
    const savesBefore = await snapshotSaves(platform).catch(() => ({ saves: 0, rowWrites: 0 }));
    const ledgerCpuBefore = cpuSecondsOf(platform.ledger.pid);
    const [serviceDb, ledgerDb] = [platform.databases[1], platform.databases[0]];
    const pgMeters = [
      new BackendCpuMeter(databaseUrl(), serviceDb),
      new BackendCpuMeter(databaseUrl(), ledgerDb),
    ];
    await Promise.all(pgMeters.map((m) => m.start()));
    const playStart = Date.now();
    for (const w of workers) w.send({ type: 'play' });
    say(`  playing ${options.rounds} rounds (betting ${options.bettingMs} ms)...`);
    const snapshots = new Map<string, { base: number; rows: number }>();
    let playing = true;
    void (async () => {
      while (playing) {
        const roundId = await watch.next('closed', 600_000).catch(() => undefined);
        if (roundId && playing)
          snapshots.set(roundId, await snapshotBytes(platform).catch(() => ({ base: -1, rows: -1 })));
      }
    })();
    const roundMs = options.bettingMs + 20 * options.cardMs + options.resultMs;
    const limitMs = options.maxSeconds * 1000 || options.rounds * roundMs + 120_000;
    // Past the limit, each worker reports what it has seen (a round still waiting for the ledger, say).
    const overtime = setTimeout(() => {
      say(`  ${limitMs / 1000} s are up: reporting what the players saw so far`);
      for (const w of workers) w.send({ type: 'report' });
    }, limitMs);
    const reports = (await Promise.all(
      workers.map((w) => w.next('report', limitMs + 60_000)),
    )) as WorkerReport[];
    clearTimeout(overtime);
    playing = false;
    const playSeconds = (Date.now() - playStart) / 1000;
    const serviceCpuSeconds = cpuSecondsOf(platform.service.pid) - cpuBefore;
    const ledgerCpuSeconds = cpuSecondsOf(platform.ledger.pid) - ledgerCpuBefore;
    const [servicePostgres, ledgerPostgres] = await Promise.all(pgMeters.map((m) => m.stop()));
    const mem = memory.stop();
    // Statistics reach pg_stat_user_tables within about a second (stats flush).
    await new Promise((r) => setTimeout(r, 1_500));
    const savesAfter = await snapshotSaves(platform).catch(() => savesBefore);
    const figures = tableFigures(reports, watch.rounds, options.players, connected, mem.peakRssMb, snapshots);
    Object.assign(figures.errors, connectErrors);
    const decisionPath = decisionBreakdown(reports, watch);
    const result = {
      ...figures,
      decisionPath,
      serviceRssHwmMb: mem.hwmMb,
      serviceCpuCores: Math.round((serviceCpuSeconds / playSeconds) * 100) / 100,
      // Saves of the table while playing (each writes the snapshot's base and the bet rows its steps changed).
      serviceSnapshotSaves: savesAfter.saves - savesBefore.saves,
      serviceSnapshotRowWrites: savesAfter.rowWrites - savesBefore.rowWrites,
      // CPU seconds while playing: the ledger process, and the PostgreSQL backends of each one's database.
      cpuSecondsWhilePlaying: {
        service: Math.round(serviceCpuSeconds * 10) / 10,
        servicePostgres,
        ledger: Math.round(ledgerCpuSeconds * 10) / 10,
        ledgerPostgres,
        clients: reports.reduce((n, r) => n + r.cpuMs, 0) / 1000,
      },
      playSeconds: Math.round(playSeconds),
      clients: {
        processes: workers.length,
        cpuSeconds: reports.map((r) => Math.round(r.cpuMs / 100) / 10),
        maxRssMb: reports.map((r) => r.maxRssMb),
        loopDelayP99Ms: reports.map((r) => r.loopDelayP99Ms),
      },
      baselineTps: Math.round(baseline.tps),
      baselineMethod: baseline.method,
      load: { start: loadAtStart, end: load() },
      machine: { cpus: cpus().length, memGb: Math.round(totalmem() / 2 ** 30) },
      windows: { bettingMs: options.bettingMs, cardMs: options.cardMs, resultMs: options.resultMs },
      serviceLog: platform.service.logFile,
    };
    if (options.json) console.log(JSON.stringify(result));
    else printSummary(result);
  } finally {
    for (const w of workers) {
      w.send({ type: 'close' });
      setTimeout(() => w.child.kill('SIGKILL'), 5_000).unref();
    }
    await watch.stop();
    await stopPlatform(platform, options.keep);
  }
}

function printSummary(r: ReturnType<typeof tableFigures> & Record<string, unknown>): void {
  const total = (k: 'placed' | 'decidedAfterDeal' | 'undecided') => r.perRound.reduce((n, x) => n + x[k], 0);
  const s = (x: { p50: number; p99: number; max: number }) => `p50 ${x.p50} / p99 ${x.p99} / max ${x.max} ms`;
  console.log(`
betsDecidedBeforeClose  ${(r.betsDecidedBeforeClose * 100).toFixed(2)}% of ${total('placed')} bets (${total('decidedAfterDeal')} decided after the deal, ${total('undecided')} undecided, ${r.perRound.filter((x) => x.voided).length} rounds voided)
openedFanout            ${s(r.openedFanoutMs)}
resultFanout            ${s(r.resultFanoutMs)} (${(r.resultsReceivedShare * 100).toFixed(2)}% of sockets x rounds)
serviceRssMb            ${r.serviceRssMb} (cpu ${String(r.serviceCpuCores)} cores while playing)
betsPerSecAccepted      ${r.betsPerSecAccepted} (peak second ${r.betsPerSecAcceptedPeak})
bet decision (player)   ${s(r.decisionMs)}; acknowledgement ${s(r.ackMs)}
decision path           ${JSON.stringify(r.decisionPath)}
settlement after result ${s(r.settlementMs)}
errors                  ${JSON.stringify(r.errors)}
baseline                ${String(r.baselineTps)} tx/s; load ${JSON.stringify(r.load)}`);
}

function readOptions(): BenchOptions {
  try {
    return parseArgs(process.argv.slice(2));
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
}

run().then(
  () => process.exit(0),
  (err: Error) => {
    console.error(`bench:table failed: ${err.stack ?? err.message}`);
    process.exit(1);
  },
);
