import { catalogueEntries as baccaratTables } from '@casino/baccarat-service/src/catalogue-entries';
import { loadBaccaratConfig } from '@casino/baccarat-service/src/config/baccarat-config';
import { catalogueEntries as blackjackTables } from '@casino/blackjack-service/src/catalogue-entries';
import { loadBlackjackConfig } from '@casino/blackjack-service/src/config/blackjack-config';
import { mintPlayerToken, prefixedTopicSpecs, TOPICS } from '@casino/events';
import { catalogueEntries as rouletteTables } from '@casino/roulette-service/src/catalogue-entries';
import { loadRouletteConfig } from '@casino/roulette-service/src/config/roulette-config';
import { startLobbyService, RunningLobby } from '@casino/lobby-service/src/app/bootstrap';
import { gameEnvPrefix, loadLobbyConfig } from '@casino/lobby-service/src/config/lobby-config';
import { catalogueEntries as studioTables } from '@casino/studio-games-service/src/catalogue-entries';
import { loadStudioConfig } from '@casino/studio-games-service/src/config/studio-config';
import { gamesOfService } from '@casino/games';
import {
  createKafka,
  createTestDatabase,
  DEV_BACKOFFICE_TOKEN,
  kafkaBrokers,
  LedgerCatalogueTable,
  LedgerProcess,
  prepareTestTopics,
  queryDatabase,
  ServiceProcess,
  TcpProxy,
  testSessionId,
  uniqueName,
} from '@casino/test-support';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const PLAYER_SECRET = 'browser-test-secret-0123456789';
export const OPERATOR = 'op-browser';

/** Short rounds, so a test sees a result within seconds; long enough windows for a browser to click. */
const TIMERS = {
  // RNG: a reconnection (a reload) may join again after 1 s instead of 30 s.
  // Baccarat's and roulette's windows fit two or three bets, each waiting for the ledger's answer, on a machine busy
  // with other suites.
  baccarat: { BETTING_MS: '8000', CARD_MS: '120', RESULT_MS: '1500', RNG_RECONNECT_DELAY_MS: '1000' },
  roulette: { BETTING_MS: '8000', SPIN_MS: '600', RESULT_MS: '1500' },
  blackjack: {
    BETTING_MS: '5000',
    CARD_MS: '120',
    DECISION_MS: '10000',
    INSURANCE_MS: '5000',
    RESULT_MS: '1500',
  },
  // The studio games' automatic tables (dt-1, fs-1, sb-1, ft-1, the service's defaults): a short window that
  // still fits a chip and its decision, the result long enough on screen to be seen.
  'studio-games': { BETTING_MS: '6000', DRAW_MS: '400', RESULT_MS: '3000' },
};

const TABLES = {
  baccarat: [
    { id: 'bac-1', variant: 'commission', currency: 'EUR', dealer: 'auto' },
    { id: 'bac-2', variant: 'no-commission', currency: 'EUR', dealer: 'auto' },
    { id: 'bac-rng', variant: 'rng', currency: 'EUR', dealer: 'auto' },
  ],
  roulette: [{ id: 'rou-1', currency: 'EUR', dealer: 'auto' }],
  blackjack: [{ id: 'bj-1', currency: 'EUR', dealer: 'auto' }],
};

export const WEB_ROOT = join(__dirname, '..', 'dist');

/** The dealer console key of the platform's services (`x-dealer-key`). */
export const DEALER_KEY = 'dealer-key-0123456789';

/**
 * What a test file may add to the platform: more baccarat tables (e.g. a studio one), more baccarat settings, the
 * studio-games service with its default automatic tables (Dragon Tiger, Football Studio, Sic Bo, Fan Tan).
 */
export interface PlatformOptions {
  baccaratTables?: object[];
  baccaratEnv?: Record<string, string>;
  studioGames?: boolean;
  /**
   * Roulette run by this many instances of its service (docs/services.md "Tables shared by instances": the same
   * TABLES, KAFKA_GROUP_ID and database, each its own SERVICE_INSTANCE), started one after the other; the lobby
   * polls them all and points rou-1's row at the one that runs it. Short drain settings, as a rolling restart's test.
   */
  rouletteInstances?: number;
}

/** A bet at the ledger and how it ended: settled or refunded, with what it returned (none yet while open). */
export interface BookedBet {
  betId: string;
  roundId: string;
  stake: bigint;
  endings: { kind: 'settled' | 'refunded'; returned: bigint }[];
}

/** What an operator's launch may say of the session beyond its player and table (POST /v1/sessions). */
export interface LaunchSession {
  /** The operator lets the player set their own limits (`playerLimits`: the ledger's flag, the URL's `playerLimits=1`). */
  playerLimits?: boolean;
  /**
   * The launch happened this many seconds ago: the token's `iat` (the client's session clock) and the ledger's
   * session start, so a test of a session-time limit (whole minutes) waits seconds, not the minute.
   */
  startedSecondsAgo?: number;
}

/** The tables as the ledger's catalogue must hold them (each service's own entries, as its harness registers). */
function catalogue(
  envs: Record<'baccarat' | 'roulette' | 'blackjack', Record<string, string>>,
): LedgerCatalogueTable[] {
  return [
    ...baccaratTables(loadBaccaratConfig(envs.baccarat)),
    ...rouletteTables(loadRouletteConfig(envs.roulette)),
    ...blackjackTables(loadBlackjackConfig(envs.blackjack)),
  ];
}

/**
 * The real platform for the browser tests: the bet ledger and the three game services as processes (built
 * beforehand) on this run's own topics and databases, the lobby in this process serving the built web client.
 * The browser reaches the baccarat service through a TCP proxy, so a test can cut its connection.
 */
export class Platform {
  private constructor(
    readonly ledger: LedgerProcess,
    readonly services: ServiceProcess[],
    readonly lobby: RunningLobby,
    readonly baccaratLine: TcpProxy,
    /** The roulette service's instances (one unless `rouletteInstances` says more). */
    readonly roulette: ServiceProcess[],
    private readonly ledgerDatabaseUrl: string,
    private readonly cleanup: (() => Promise<void>)[],
  ) {}

  static async start(options: PlatformOptions = {}): Promise<Platform> {
    if (!existsSync(join(WEB_ROOT, 'index.html')))
      throw new Error('apps/player-web is not built: run npx turbo run build --filter=@casino/player-web');
    const cleanup: (() => Promise<void>)[] = [];
    const undo = async () => {
      for (const step of cleanup.reverse()) await step().catch(() => undefined);
    };
    try {
      const prefix = `${uniqueName('web')}.`;
      const brokers = kafkaBrokers();
      // As the admin, with their ACLs on a SASL broker: the ledger and the services may not create topics, and
      // each joins only consumer groups named `<prefix><principal>…`.
      const disposeTopics = await prepareTestTopics(createKafka('web-topics'), prefix, {
        topics: TOPICS,
        specs: prefixedTopicSpecs(prefix),
      });
      cleanup.push(disposeTopics);
      const ledgerDb = await createTestDatabase('web_ledger');
      cleanup.push(() => ledgerDb.drop());
      const ledger = await LedgerProcess.launch({
        databaseUrl: ledgerDb.url,
        topicPrefix: prefix,
        groupId: `${prefix}bet-ledger`,
        brokers,
        env: { PLAYER_TOKEN_SECRET: PLAYER_SECRET },
      });
      cleanup.push(() => ledger.stop());
      const services: ServiceProcess[] = [];
      const common = {
        KAFKA_BROKERS: brokers.join(','),
        KAFKA_TOPIC_PREFIX: prefix,
        PLAYER_TOKEN_SECRET: PLAYER_SECRET,
        DEALER_API_KEY: DEALER_KEY,
        LEDGER_URL: ledger.url,
      };
      const envOf = (game: 'baccarat' | 'roulette' | 'blackjack'): Record<string, string> => ({
        ...common,
        KAFKA_GROUP_ID: `${prefix}${game}-service`,
        TABLES: JSON.stringify(
          game === 'baccarat' ? [...TABLES.baccarat, ...(options.baccaratTables ?? [])] : TABLES[game],
        ),
        ...TIMERS[game],
        ...(game === 'baccarat' ? options.baccaratEnv : {}),
      });
      const envs = {
        baccarat: envOf('baccarat'),
        roulette: envOf('roulette'),
        blackjack: envOf('blackjack'),
      };
      const studioEnv = options.studioGames
        ? { ...common, KAFKA_GROUP_ID: `${prefix}studio-games-service`, ...TIMERS['studio-games'] }
        : null;
      // The ledger admits rounds of catalogued tables only, as an operator's back office registers them.
      for (const table of catalogue(envs)) await ledger.putTable(table);
      if (studioEnv)
        for (const table of studioTables(loadStudioConfig(studioEnv))) await ledger.putTable(table);
      const instances = options.rouletteInstances ?? 1;
      const rouletteDb = instances > 1 ? await createTestDatabase('web_roulette') : null;
      if (rouletteDb) cleanup.push(() => rouletteDb.drop());
      /** The i-th roulette instance's settings: one database and group, its own name; a drain of 2 s at most. */
      const rouletteEnv = (i: number): Record<string, string> =>
        rouletteDb
          ? {
              ...envs.roulette,
              DATABASE_URL: rouletteDb.url,
              SERVICE_INSTANCE: `roulette-${i + 1}`,
              LEDGER_DECISION_TIMEOUT_MS: '2000',
            }
          : envs.roulette;
      const launchRoulette = async (): Promise<ServiceProcess[]> => {
        const launched: ServiceProcess[] = [];
        // One after the other: each boots once it has its share of the tables (the first runs them all), and
        // the database's migrations run once.
        for (let i = 0; i < instances; i++) {
          const instance = await ServiceProcess.launch('roulette-service', rouletteEnv(i));
          launched.push(instance);
          cleanup.push(() => instance.stop());
        }
        return launched;
      };
      const [started, roulettes] = await Promise.all([
        Promise.all([
          ...(['baccarat', 'blackjack'] as const).map((game) =>
            ServiceProcess.launch(`${game}-service`, envs[game]),
          ),
          ...(studioEnv ? [ServiceProcess.launch('studio-games-service', studioEnv)] : []),
        ]),
        launchRoulette(),
      ]);
      for (const s of started) {
        services.push(s);
        cleanup.push(() => s.stop());
      }
      const [baccarat, blackjack, studio] = started;
      services.splice(1, 0, ...roulettes);
      // One service hosts the four studio games: each game's URL in the lobby is its address.
      const studioUrls = studio
        ? Object.fromEntries(
            gamesOfService('studio-games').map((game) => [`${gameEnvPrefix(game)}_SERVICE_URL`, studio.url]),
          )
        : {};
      const baccaratLine = await TcpProxy.start({ target: baccarat.url.replace(/^http:\/\//, '') });
      cleanup.push(() => baccaratLine.close());
      const lobby = await startLobbyService(
        loadLobbyConfig({
          HTTP_PORT: '0',
          BACCARAT_SERVICE_URL: baccarat.url,
          BACCARAT_PUBLIC_URL: `http://${baccaratLine.address}`,
          ROULETTE_SERVICE_URL: roulettes.map((r) => r.url).join(','),
          BLACKJACK_SERVICE_URL: blackjack.url,
          ...studioUrls,
          LOBBY_POLL_MS: '250',
          LOBBY_WEB_ROOT: WEB_ROOT,
          LOBBY_TABLES: JSON.stringify({ 'bac-1': { name: 'Baccarat Royale', dealerName: 'Elena' } }),
          LEDGER_URL: ledger.url,
          LEDGER_BACKOFFICE_TOKEN: DEV_BACKOFFICE_TOKEN,
          PLAYER_TOKEN_SECRET: PLAYER_SECRET,
        }),
        ['error'],
      );
      cleanup.push(() => lobby.close());
      return new Platform(ledger, services, lobby, baccaratLine, roulettes, ledgerDb.url, cleanup);
    } catch (err) {
      await undo();
      throw err;
    }
  }

  /** Funds a player on the ledger and returns the launch URL the operator would send them to. */
  async launch(
    playerId: string,
    deposit: bigint,
    language = 'en',
    table?: { game: string; tableId: string },
    session: LaunchSession = {},
  ): Promise<string> {
    if (deposit > 0n) await this.ledger.deposit(OPERATOR, playerId, 'EUR', deposit);
    // The launch session the token names, recorded at the ledger: it decides bet commands only with it.
    await this.ledger.openSession(OPERATOR, playerId, 'EUR');
    const ago = session.startedSecondsAgo ?? 0;
    if (session.playerLimits || ago > 0)
      await queryDatabase(
        this.ledgerDatabaseUrl,
        `UPDATE ledger_player_sessions SET player_limits = $2, created_at = now() - make_interval(secs => $3)
          WHERE session_id = $1`,
        [testSessionId(OPERATOR, playerId), session.playerLimits === true, ago],
      );
    return this.launchUrl(playerId, language, table, session);
  }

  launchUrl(
    playerId: string,
    language = 'en',
    table?: { game: string; tableId: string },
    session: LaunchSession = {},
  ): string {
    const token = mintPlayerToken(
      {
        playerId,
        operatorId: OPERATOR,
        currency: 'EUR',
        nickname: `Tester ${playerId}`,
        sid: testSessionId(OPERATOR, playerId),
      },
      PLAYER_SECRET,
      3600,
      Date.now() - (session.startedSecondsAgo ?? 0) * 1000,
    );
    const query = new URLSearchParams({
      token,
      language,
      ...(table ? { game: table.game, table: table.tableId } : {}),
      ...(session.playerLimits ? { playerLimits: '1' } : {}),
    });
    return `${this.lobby.url}/lobby?${query.toString()}`;
  }

  balance(playerId: string): Promise<bigint> {
    return this.ledger.balance(OPERATOR, playerId, 'EUR');
  }

  /**
   * The player's bets as the ledger booked them, each with every way it ended (a round's settlement or refund,
   * per bet): one ending each is what "settled once" means.
   */
  async bets(playerId: string): Promise<BookedBet[]> {
    const rows = await queryDatabase<{ bet_id: string; round_id: string; stake: string; endings: string[] }>(
      this.ledgerDatabaseUrl,
      `SELECT b.bet_id, b.round_id, b.stake::text,
              array_remove(array_agg(o.kind || ':' || o.returned::text ORDER BY o.at), NULL) AS endings
         FROM ledger_bets b LEFT JOIN ledger_bet_outcomes o ON o.bet_id = b.bet_id
        WHERE b.operator_id = $1 AND b.player_id = $2
        GROUP BY b.bet_id, b.round_id, b.stake, b.accepted_at ORDER BY b.accepted_at`,
      [OPERATOR, playerId],
    );
    return rows.map((r) => ({
      betId: r.bet_id,
      roundId: r.round_id,
      stake: BigInt(r.stake),
      endings: r.endings.map((e) => {
        const [kind, returned] = e.split(':');
        return { kind: kind as 'settled' | 'refunded', returned: BigInt(returned) };
      }),
    }));
  }

  async stop(): Promise<void> {
    for (const step of this.cleanup.reverse()) await step().catch(() => undefined);
  }
}
