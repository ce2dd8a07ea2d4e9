// npm run demo: the ledger and the game services as separate processes on real Kafka and PostgreSQL,
// simulated players over WebSockets, then a summary and the ledger's invariant check.
import { PayTableName } from '@casino/baccarat';
import { DEMO_DATABASE_FILE } from '@casino/bet-ledger';
import { resolveRules } from '@casino/blackjack';
import { seededRandom } from '@casino/cards';
import { PlayerClient } from '@casino/service-testing';
import { createKafka, databaseUrl, deleteTopics } from '@casino/test-support';
import { prefixedTopicSpecs } from '@casino/events';
import { gameDefinition } from '@casino/games';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { BaccaratBot } from './bots/baccarat-bot';
import { BlackjackBot } from './bots/blackjack-bot';
import { Bot, BotContext } from './bots/bot';
import { DuelBot } from './bots/duel-bot';
import { FanTanBot } from './bots/fan-tan-bot';
import { RouletteBot } from './bots/roulette-bot';
import { SicBoBot } from './bots/sic-bo-bot';
import { recreateDatabase } from './demo-database';
import { launchGuest } from './lobby';
import { Game, GAMES } from './model/game';
import { DemoStats } from './model/stats';
import { LAUNCH_OPTIONS, listTables, onboardPlayer } from './operator-api';
import { grantDemoBonuses, printBonusProgress } from './bonus-demo';
import { Platform, startPlatform, stopPlatform } from './platform';
import { onboardSeamlessPlayer, printOperatorFigures, waitSeamlessSettled } from './seamless-operator';
import { DemoSettings, playersOf, readSettings } from './settings';
import { printSummary } from './summary';

const ROOT = resolve(__dirname, '../../..');
const CURRENCY = 'EUR';
const PAY_TABLES: Record<string, PayTableName> = { 'bac-1': 'commission', 'bac-2': 'no-commission' };
/** Each game's bot (a Record: a game of the registry without a bot does not compile). */
const BOTS: Readonly<Record<Game, (ctx: BotContext, i: number, players: number) => Bot>> = {
  baccarat: (ctx) => new BaccaratBot(ctx),
  roulette: (ctx) => new RouletteBot(ctx),
  blackjack: (ctx, i, players) => {
    // Seven seats: each player one, the first player also the seats nobody else took.
    const seats = i === 0 ? [1, ...Array.from({ length: 7 - players }, (_, k) => players + 1 + k)] : [i + 1];
    return new BlackjackBot(
      ctx,
      seats.filter((s) => s <= 7),
      resolveRules(),
    );
  },
  dragonTiger: (ctx) => new DuelBot(ctx, { sides: ['dragon', 'tiger'], others: ['tie', 'suitedTie'] }),
  footballStudio: (ctx) => new DuelBot(ctx, { sides: ['home', 'away'], others: ['draw'] }),
  sicBo: (ctx) => new SicBoBot(ctx),
  fanTan: (ctx) => new FanTanBot(ctx),
};

/**
 * The tables the bots play: each game's open tables the operator's catalogue lists in its currency (`GET
 * /v1/tables`), as an operator's lobby offers them, of an automatic dealer (no one deals at a studio console here).
 * RNG tables are left out: each seats one player in a session of their own (docs/rules/baccarat.md#rng-baccarat).
 */
async function catalogueTables(platform: Platform): Promise<Record<Game, string[]>> {
  const [transfer, seamless] = await Promise.all([
    listTables(platform.ledgerUrl, platform.operator, CURRENCY),
    listTables(platform.ledgerUrl, platform.seamless.key, CURRENCY),
  ]);
  const shared = new Set(seamless.map((t) => t.tableId));
  const tables = Object.fromEntries(
    GAMES.map((game) => [
      game,
      transfer
        .filter(
          (t) =>
            t.game === game &&
            t.status === 'open' &&
            t.dealer === 'auto' &&
            t.variant !== 'rng' &&
            shared.has(t.tableId),
        )
        .map((t) => t.tableId),
    ]),
  ) as Record<Game, string[]>;
  const missing = GAMES.filter((g) => tables[g].length === 0);
  if (missing.length > 0)
    throw new Error(`the catalogue lists no open ${CURRENCY} table of ${missing.join(', ')}`);
  return tables;
}

const step = (text: string) => console.log(`\n==> ${text}`);

async function createBots(
  platform: Platform,
  tables: Record<Game, string[]>,
  stats: DemoStats,
  settings: DemoSettings,
): Promise<Bot[]> {
  const bots: Bot[] = [];
  for (const game of GAMES) {
    const players = playersOf(game, settings);
    for (let i = 0; i < players; i++) {
      // Every other player belongs to the seamless operator: its money stays in the operator's wallet.
      const seamless = i % 2 === 1;
      const playerId = seamless ? `demo-seam-${game}-${i + 1}` : `demo-${game}-${i + 1}`;
      const tableId = tables[game][i % tables[game].length];
      const player = { playerId, currency: CURRENCY, amount: 1_000_000n, game, tableId };
      const { token } = seamless
        ? await onboardSeamlessPlayer(platform.ledgerUrl, platform.seamless, player)
        : await onboardPlayer(platform.ledgerUrl, platform.operator, player);
      const client = await PlayerClient.connect(platform.serviceUrls[game], token);
      const ctx: BotContext = {
        game,
        playerId,
        tableId,
        client,
        stats,
        random: seededRandom(`${settings.seed}/${playerId}`),
      };
      bots.push(BOTS[game](ctx, i, players));
    }
  }
  for (const bot of bots) await bot.start();
  return bots;
}

function progress(stats: DemoStats, elapsed: number): string {
  return (
    `[${elapsed.toFixed(0).padStart(3)} s] ` +
    GAMES.map(
      (g) =>
        `${g} ${stats.rounds[g].size} rounds, ${stats.accepted[g]} accepted / ${stats.totalRejected(g)} rejected`,
    ).join(' · ')
  );
}

async function main(): Promise<void> {
  const settings = readSettings(process.argv.slice(2));
  const demoDb = await recreateDatabase(databaseUrl(), 'casino_demo');
  // `npm run ledger:verify` right after the demo checks this database.
  mkdirSync(dirname(DEMO_DATABASE_FILE), { recursive: true });
  writeFileSync(DEMO_DATABASE_FILE, demoDb);
  step(`starting the bet ledger and the game services (logs in infra/.run/demo/)`);
  const platform = await startPlatform(ROOT, settings, demoDb);
  const stats = new DemoStats();
  let bots: Bot[] = [];
  let differ = 0;
  const started = Date.now();
  try {
    const allPlayers = GAMES.reduce((n, g) => n + playersOf(g, settings), 0);
    const seamlessPlayers = GAMES.reduce((n, g) => n + Math.floor(playersOf(g, settings) / 2), 0);
    step(
      `operator ${platform.operator.operatorId} (transfer wallet): ${allPlayers - seamlessPlayers} players funded by signed deposits; ` +
        `operator ${platform.seamless.key.operatorId} (seamless, wallet protocol v2, reference wallet at ${platform.seamless.walletUrl}): ` +
        `${seamlessPlayers} players funded in its own wallet; all launched and seated (seed ${settings.seed})`,
    );
    const tables = await catalogueTables(platform);
    step(
      `both operators' catalogue (GET /v1/tables, ${CURRENCY}): ` +
        GAMES.map((g) => `${g} ${tables[g].join(', ')}`).join(' · ') +
        `; players launched there with lobby, cashier, country and device (${LAUNCH_OPTIONS.lobbyUrl})`,
    );
    bots = await createBots(platform, tables, stats, settings);
    // Bonus funds: the first transfer-wallet player of each game that admits bonus money (not Fan Tan, seed 001)
    // gets a bonus; its progress is printed at the end.
    const bonusPlayers = GAMES.filter((g) =>
      gameDefinition(g).restrictionRules.every((r) => r.kind !== 'no-bonus-funds'),
    ).map((g) => `demo-${g}-1`);
    await grantDemoBonuses(platform.ledgerUrl, platform.operator, bonusPlayers, CURRENCY);
    step(`bonuses granted to ${bonusPlayers.join(', ')} (50.00 each, wagered once before they become cash)`);
    const launchUrl = await launchGuest(platform.ledgerUrl, platform.operator, CURRENCY);
    const funUrl = await launchGuest(platform.ledgerUrl, platform.operator, CURRENCY, 'fun');
    step(
      `play in the browser beside the simulated players (€1,000 on your wallet):\n    ${launchUrl}\n` +
        `  or with play money (fun mode: never your wallet, never the reports):\n    ${funUrl}`,
    );
    if (settings.keep) step('--keep: the tables stay open until Ctrl-C');
    step(`playing ${settings.roundsPerTable} rounds per table (at most ${settings.maxSeconds} s)`);
    const done = () => GAMES.every((g) => stats.rounds[g].size >= settings.roundsPerTable * tables[g].length);
    while (settings.keep || (!done() && Date.now() - started < settings.maxSeconds * 1000)) {
      await new Promise((r) => setTimeout(r, 5000));
      console.log(progress(stats, (Date.now() - started) / 1000));
    }
    step('no more bets: letting the last rounds settle');
    for (const bot of bots) bot.stopBetting();
    const settleDeadline = Date.now() + 30_000;
    while (stats.open.size > 0 && Date.now() < settleDeadline) await new Promise((r) => setTimeout(r, 500));
    if (stats.open.size > 0)
      console.log(`${stats.open.size} bets still open (rounds in progress at the stop)`);
    const owed = await waitSeamlessSettled(demoDb, 30_000);
    if (owed > 0) console.log(`${owed} seamless bets or calls still owed to the operator's wallet`);
    differ = await printOperatorFigures(demoDb, platform.operator.operatorId, platform.seamless);
    step('bonus progress');
    await printBonusProgress(platform.ledgerUrl, platform.operator, bonusPlayers);
  } finally {
    for (const bot of bots) bot.stop();
    step('stopping the services and the ledger');
    await stopPlatform(platform);
    await deleteTopics(
      createKafka('demo-cleanup'),
      prefixedTopicSpecs(platform.topicPrefix).map((t) => t.name),
    ).catch(() => undefined);
  }
  printSummary(stats, PAY_TABLES, (Date.now() - started) / 1000);
  step('ledger:verify');
  const verify = spawnSync(process.execPath, [join(ROOT, 'apps/bet-ledger/dist/cli/verify.js')], {
    env: { ...process.env, DATABASE_URL: demoDb },
    stdio: 'inherit',
  });
  process.exitCode = differ > 0 ? 1 : (verify.status ?? 1);
}

main().catch((err: unknown) => {
  const cause = err instanceof Error && err.cause instanceof Error ? ` (${err.cause.message})` : '';
  console.error(`demo failed: ${err instanceof Error ? err.message : String(err)}${cause}`);
  // The processes it started would keep it alive: exiting ends them (processes.ts).
  process.exit(1);
});
