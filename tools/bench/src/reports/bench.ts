import 'reflect-metadata';
import {
  openLedgerDataSource,
  playersQuerySchema,
  ReportsService,
  rtpQuerySchema,
  summaryQuerySchema,
} from '@casino/bet-ledger';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { queryServer } from '@casino/test-support';
import { measureBaseline } from '../ledger/bench-baseline';
import { percentile } from '../ledger/bench-load';
import { DAYS, generateRollups } from './generate';

/**
 * `npm run bench:reports [-- --json] [--bets N] [--runs R]`: a scratch database with the ledger's migrations,
 * the rollup rows N settled bets would leave (generate_series), ANALYZE, then each report's own service call
 * (ReportsService, as the controller calls it) timed R times over the whole 30-day window; with a same-run
 * pgbench baseline. The scratch database is dropped at the end.
 */
const argv = process.argv.slice(2);
const JSON_OUT = argv.includes('--json');
const arg = (name: string, def: number): number => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : def;
};
const BETS = arg('bets', 10_000_000);
const RUNS = arg('runs', 20);
const say = (s: string) => (JSON_OUT ? process.stderr.write(`${s}\n`) : console.log(s));

async function main(): Promise<void> {
  if (!Number.isInteger(BETS) || BETS < 1) throw new Error('--bets must be a positive integer');
  const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/casino';
  const dbName = `casino_bench_reports_${Date.now().toString(36)}`;
  const dbUrl = Object.assign(new URL(server), { pathname: `/${dbName}` }).toString();
  await queryServer(server, `CREATE DATABASE "${dbName}"`);
  try {
    const ds = await openLedgerDataSource(dbUrl, 2, true);
    try {
      say(`generating the rollups of ${BETS} settled bets over ${DAYS} days...`);
      const gen = await generateRollups(ds, BETS);
      say(`  ${gen.hourlyRows} hourly rows, ${gen.playerDailyRows} player-day rows in ${gen.ms} ms`);
      const reports = new ReportsService(ds);
      const day = (d: Date) => d.toISOString().slice(0, 10);
      const window = {
        from: day(new Date(Date.now() - DAYS * 86_400_000)),
        to: day(new Date(Date.now() + 86_400_000)),
      };
      const cases: Record<string, () => Promise<unknown>> = {
        summaryByDay: () => reports.summary(summaryQuerySchema.parse({ ...window, groupBy: 'day' })),
        summaryByTable: () =>
          reports.summary(summaryQuerySchema.parse({ ...window, groupBy: 'none', by: 'table' })),
        rtpByTable: () => reports.rtp(rtpQuerySchema.parse({ ...window, by: 'table' })),
        topPlayers: () => reports.players(playersQuerySchema.parse({ ...window, sort: 'ggr' })),
      };
      // The generated Σbets, read back through the report itself: the window really covers every bet.
      const check = await reports.summary(summaryQuerySchema.parse({ ...window, groupBy: 'none' }));
      const latency: Record<string, { p50Ms: number; p99Ms: number; maxMs: number }> = {};
      for (const [name, run] of Object.entries(cases)) {
        await run(); // warm the plan and the cache once
        const ms: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const t = performance.now();
          await run();
          ms.push(performance.now() - t);
        }
        ms.sort((a, b) => a - b);
        const r = (x: number) => Math.round(x * 10) / 10;
        latency[name] = {
          p50Ms: r(percentile(ms, 50)),
          p99Ms: r(percentile(ms, 99)),
          maxMs: r(ms[ms.length - 1]),
        };
        say(`  ${name}: p50 ${latency[name].p50Ms} ms, p99 ${latency[name].p99Ms} ms`);
      }
      say('baseline: 5 s of one INSERT+UPDATE transaction per bet on the same PostgreSQL...');
      const baseline = await measureBaseline(dbUrl, 5);
      const result = {
        bets: BETS,
        betsInWindowByReport: check.totals.map((t) => ({ currency: t.currency, bets: t.bets })),
        tables: {
          // Honest about where the 10M live: the reports read only the rollups, so only they are generated.
          ledger_report_hourly: gen.hourlyRows,
          ledger_report_player_daily: gen.playerDailyRows,
          ledger_bets: 0,
        },
        days: gen.days,
        gameTables: gen.tables,
        players: gen.players,
        generateMs: gen.ms,
        runs: RUNS,
        latency,
        baselineTps: Math.round(baseline.tps),
        baselineMethod: baseline.method,
        loadavg: loadavg().map((l) => Math.round(l * 100) / 100),
      };
      if (JSON_OUT) console.log(JSON.stringify(result));
      else console.log(JSON.stringify(result, null, 2));
    } finally {
      await ds.destroy();
    }
  } finally {
    await queryServer(server, `DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
