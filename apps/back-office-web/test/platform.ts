import { catalogueEntries as baccaratTables } from '@casino/baccarat-service/src/catalogue-entries';
import { loadBaccaratConfig } from '@casino/baccarat-service/src/config/baccarat-config';
import { catalogueEntries as rouletteTables } from '@casino/roulette-service/src/catalogue-entries';
import { catalogueEntries as studioGamesTables } from '@casino/studio-games-service/src/catalogue-entries';
import { loadStudioConfig } from '@casino/studio-games-service/src/config/studio-config';
import { loadRouletteConfig } from '@casino/roulette-service/src/config/roulette-config';
import {
  CasinoEvent,
  encodeEventBuffer,
  eventKey,
  makeEvent,
  prefixedTopics,
  prefixedTopicSpecs,
  TableConfig,
  topicFor,
  TOPICS,
} from '@casino/events';
import { createTestDealer, TEST_DEALER_TOKEN_SECRET } from '@casino/service-testing';
import {
  createKafka,
  createTestDatabase,
  DEV_BACKOFFICE_TOKEN,
  kafkaBrokers,
  LedgerProcess,
  prepareTestTopics,
  ServiceProcess,
  uniqueName,
} from '@casino/test-support';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const WEB_ROOT = join(__dirname, '..', 'dist');
export const OPERATOR = 'op-bo';
export const DEALER_PASSWORD = 'studio dealer password 42';
export const BACKOFFICE_TOKEN = DEV_BACKOFFICE_TOKEN;
const PLAYER_SECRET = 'back-office-test-secret-0123456789';

// A studio table the test deals by hand; short betting so a round reaches its deal quickly.
const SERVICE_TABLES = [
  {
    id: 'bac-studio',
    variant: 'commission',
    currency: 'EUR',
    dealer: 'studio',
    timers: { bettingMs: 1500, resultMs: 3000 },
  },
];

/** The roulette studio table of a platform started with `roulette`: its dealer announces the pocket. */
export const ROULETTE_STUDIO = 'rou-studio';
const ROULETTE_TABLES = [
  {
    id: ROULETTE_STUDIO,
    currency: 'EUR',
    dealer: 'studio',
    timers: { bettingMs: 1500, spinMs: 120_000, resultMs: 3000 },
  },
];

/**
 * The studio-games service's tables of a platform started with `studioGames`: a Sic Bo and a Dragon Tiger table
 * its dealer `sia` drives (result entered at the console), and an automatic Fan Tan and Dragon Tiger table whose
 * rounds run by themselves on short timers (seeds, shoe commitment).
 */
export const STUDIO_GAMES_TABLES = {
  sicBo: 'sb-studio',
  dragonTiger: 'dt-studio',
  fanTanAuto: 'ft-auto',
  dragonTigerAuto: 'dt-auto',
};
const STUDIO_TIMERS = { bettingMs: 1500, drawMs: 200, resultMs: 1500 };
const STUDIO_GAMES_CONFIG = [
  { id: STUDIO_GAMES_TABLES.sicBo, game: 'sicBo', currency: 'EUR', dealer: 'studio', timers: STUDIO_TIMERS },
  {
    id: STUDIO_GAMES_TABLES.dragonTiger,
    game: 'dragonTiger',
    currency: 'EUR',
    dealer: 'studio',
    timers: STUDIO_TIMERS,
  },
  { id: STUDIO_GAMES_TABLES.fanTanAuto, game: 'fanTan', currency: 'EUR', timers: STUDIO_TIMERS },
  { id: STUDIO_GAMES_TABLES.dragonTigerAuto, game: 'dragonTiger', currency: 'EUR', timers: STUDIO_TIMERS },
];

/** A catalogued table whose rounds the test itself produces (as a game service would) to make one disputed. */
const DISPUTE_TABLE = 'bac-disputes';
const lim = (min: bigint, max: bigint) => ({ min, max });
const DISPUTE_SETTINGS: TableConfig = {
  game: 'baccarat',
  payTable: 'commission',
  roundInShoe: 1,
  limits: { player: lim(100n, 1_000_000n), banker: lim(100n, 1_000_000n), tie: lim(100n, 100_000n) },
  tableMax: {},
} as TableConfig;

/**
 * The real platform for the back-office browser tests: the built ledger as a process serving the built web app at
 * /back-office/, the baccarat service (dealer accounts in its database) on this run's own topics and databases.
 */
export class Platform {
  private constructor(
    readonly ledgerDbUrl: string,
    readonly ledger: LedgerProcess,
    readonly baccarat: ServiceProcess,
    /** The roulette service (its studio table, dealer `rui`), when started with `roulette`. */
    readonly roulette: ServiceProcess | null,
    /** The studio-games service (its tables STUDIO_GAMES_TABLES, dealer `sia`), when started with `studioGames`. */
    readonly studioGames: ServiceProcess | null,
    private readonly send: (...events: CasinoEvent[]) => Promise<void>,
    private readonly cleanup: (() => Promise<void>)[],
  ) {}

  static async start(options: { roulette?: boolean; studioGames?: boolean } = {}): Promise<Platform> {
    if (!existsSync(join(WEB_ROOT, 'index.html')))
      throw new Error(
        'apps/back-office-web is not built: run npx turbo run build --filter=@casino/back-office-web',
      );
    const cleanup: (() => Promise<void>)[] = [];
    try {
      const prefix = `${uniqueName('bo')}.`;
      const brokers = kafkaBrokers();
      const kafka = createKafka('bo-topics');
      cleanup.push(
        await prepareTestTopics(kafka, prefix, { topics: TOPICS, specs: prefixedTopicSpecs(prefix) }),
      );
      const ledgerDb = await createTestDatabase('bo_ledger');
      cleanup.push(() => ledgerDb.drop());
      const serviceDb = await createTestDatabase('bo_baccarat');
      cleanup.push(() => serviceDb.drop());
      const ledger = await LedgerProcess.launch({
        databaseUrl: ledgerDb.url,
        topicPrefix: prefix,
        groupId: `${prefix}bet-ledger`,
        brokers,
        env: { PLAYER_TOKEN_SECRET: PLAYER_SECRET, LEDGER_BACKOFFICE_WEB_ROOT: WEB_ROOT },
      });
      cleanup.push(() => ledger.stop());
      const env: Record<string, string> = {
        KAFKA_BROKERS: brokers.join(','),
        KAFKA_TOPIC_PREFIX: prefix,
        KAFKA_GROUP_ID: `${prefix}baccarat-service`,
        PLAYER_TOKEN_SECRET: PLAYER_SECRET,
        DATABASE_URL: serviceDb.url,
        DEALER_TOKEN_SECRET: TEST_DEALER_TOKEN_SECRET,
        LEDGER_URL: ledger.url,
        TABLES: JSON.stringify(SERVICE_TABLES),
        CARD_MS: '50',
      };
      for (const table of baccaratTables(loadBaccaratConfig(env))) await ledger.putTable(table);
      await ledger.putTable({
        tableId: DISPUTE_TABLE,
        currency: 'EUR',
        producer: 'baccarat-service',
        variant: 'commission',
        settings: DISPUTE_SETTINGS,
      });
      const baccarat = await ServiceProcess.launch('baccarat-service', env);
      cleanup.push(() => baccarat.stop());
      await createTestDealer(serviceDb.url, {
        service: 'baccarat',
        dealerId: 'ana',
        displayName: 'Ana',
        tables: ['bac-studio'],
        password: DEALER_PASSWORD,
      });
      const roulette = options.roulette ? await startRoulette(env, ledger, cleanup) : null;
      const studioGames = options.studioGames ? await startStudioGames(env, ledger, cleanup) : null;
      const producer = kafka.producer();
      await producer.connect();
      cleanup.push(() => producer.disconnect());
      const topics = prefixedTopics(prefix);
      const send = async (...events: CasinoEvent[]) => {
        await producer.send(
          events.map((e) => ({
            topic: topicFor(e, topics),
            messages: [{ key: eventKey(e), value: encodeEventBuffer(e) }],
          })),
        );
      };
      return new Platform(ledgerDb.url, ledger, baccarat, roulette, studioGames, send, cleanup);
    } catch (err) {
      for (const step of cleanup.reverse()) await step().catch(() => undefined);
      throw err;
    }
  }

  get backOfficeUrl(): string {
    return `${this.ledger.url}/back-office/`;
  }

  get studioUrl(): string {
    const roulette = this.roulette ? `&roulette=${encodeURIComponent(this.roulette.url)}` : '';
    const studio = this.studioGames ? `&studio-games=${encodeURIComponent(this.studioGames.url)}` : '';
    return `${this.ledger.url}/back-office/studio/?baccarat=${encodeURIComponent(this.baccarat.url)}${roulette}${studio}`;
  }

  async api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
    const res = await fetch(`${this.ledger.url}${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${BACKOFFICE_TOKEN}`, 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  balance(playerId: string, operatorId = OPERATOR): Promise<bigint> {
    return this.ledger.balance(operatorId, playerId, 'EUR');
  }

  /** An operator in the ledger's registry, made with its admin command (`npm run operator -- create`). */
  async createOperator(id: string): Promise<void> {
    const cli = join(__dirname, '..', '..', 'bet-ledger', 'dist', 'cli', 'operator.js');
    await promisify(execFile)(
      process.execPath,
      [cli, 'create', '--id', id, '--name', id, '--currencies', 'EUR'],
      {
        env: { ...process.env, DATABASE_URL: this.ledgerDbUrl },
      },
    );
  }

  /** A staff account made by the platform's admin (the system token); returns its generated password. */
  async createStaff(username: string, role: string, operatorId: string | null = null): Promise<string> {
    const made = await this.api<{ password: string }>('/back-office/staff', {
      method: 'POST',
      body: { username, role, operatorId, reason: 'browser test' },
    });
    return made.password;
  }

  /**
   * A settled round on the test's own table: Player 500 on Player, Banker 300 on Banker, Player wins 9 to 5
   * (Player's stake returned doubled). Returns what the ledger booked for it: staked − returned.
   */
  async settledRound(players: [string, string], operatorId = OPERATOR): Promise<bigint> {
    const r = await this.roundWithBets(players, operatorId);
    await this.send(
      makeEvent('BettingClosed', { tableId: r.tableId, roundId: r.roundId, game: 'baccarat' }),
      makeEvent('RoundResult', {
        tableId: r.tableId,
        roundId: r.roundId,
        game: 'baccarat',
        result: { game: 'baccarat', cards: ['9H', '2C', 'KD', '3S'] },
      }),
    );
    await this.until(
      async () => (await this.roundOrNull(r.tableId, r.roundId))?.status === 'settled',
      'settled',
    );
    const booked = await this.api<{ totalStaked: string; totalReturned: string }>(
      `/tables/${r.tableId}/rounds/${r.roundId}`,
    );
    return BigInt(booked.totalStaked) - BigInt(booked.totalReturned);
  }

  /**
   * A disputed round, as apps/bet-ledger/test/round-interventions.spec.ts makes one: two funded players bet, then
   * a result the engine refuses (a fifth card after two naturals). Their stakes stay in play.
   */
  async disputedRound(players: [string, string]): Promise<{ tableId: string; roundId: string }> {
    const r = await this.roundWithBets(players, OPERATOR);
    await this.send(
      makeEvent('BettingClosed', { tableId: r.tableId, roundId: r.roundId, game: 'baccarat' }),
      makeEvent('RoundResult', {
        tableId: r.tableId,
        roundId: r.roundId,
        game: 'baccarat',
        result: { game: 'baccarat', cards: ['9H', '2C', 'KD', '3S', '5H'] },
      }),
    );
    await this.until(
      async () => (await this.roundOrNull(r.tableId, r.roundId))?.status === 'disputed',
      'disputed',
    );
    return { tableId: r.tableId, roundId: r.roundId };
  }

  /**
   * A void the ledger held (docs/ledger.md#voids-after-betting-closed): the two players' bets accepted, betting
   * closed, then the game's RoundVoided without a pit boss's approval. Their stakes stay in play.
   */
  async heldVoid(players: [string, string]): Promise<{ tableId: string; roundId: string }> {
    const r = await this.roundWithBets(players, OPERATOR);
    await this.send(makeEvent('BettingClosed', { tableId: r.tableId, roundId: r.roundId, game: 'baccarat' }));
    // After the close is applied: a void read with its BettingClosed would be applied at once (nothing dealt yet).
    await this.until(
      async () => (await this.roundOrNull(r.tableId, r.roundId))?.status === 'closed',
      'betting closed',
    );
    await this.send(
      makeEvent('RoundVoided', {
        tableId: r.tableId,
        roundId: r.roundId,
        game: 'baccarat',
        reason: 'misdeal',
        message: 'card 4 dropped face up',
      }),
    );
    await this.until(async () => {
      const voids = await this.api<{ held: { roundId: string }[] }>(`/rounds/voids?table=${r.tableId}`);
      return voids.held.some((h) => h.roundId === r.roundId);
    }, 'void held');
    return { tableId: r.tableId, roundId: r.roundId };
  }

  /** Opens a round on the test's table and has the two funded players' bets accepted. */
  private async roundWithBets(players: [string, string], operatorId: string) {
    const tokens = new Map<string, string>();
    for (const p of players) {
      await this.ledger.deposit(operatorId, p, 'EUR', 10_000n);
      tokens.set(p, await this.ledger.openSession(operatorId, p, 'EUR'));
    }
    const r = {
      tableId: DISPUTE_TABLE,
      roundId: `r-${randomUUID().slice(0, 8)}`,
      game: 'baccarat' as const,
      currency: 'EUR',
    };
    await this.send(makeEvent('RoundOpened', { ...r, table: DISPUTE_SETTINGS }));
    await this.until(async () => (await this.roundOrNull(r.tableId, r.roundId)) !== null, 'round opened');
    const bet = (playerId: string, stake: bigint, type: 'player' | 'banker') =>
      makeEvent('PlaceBet', {
        ...r,
        playerId,
        operatorId,
        stake,
        bet: { game: 'baccarat', type },
        playerToken: tokens.get(playerId),
      });
    await this.send(bet(players[0], 500n, 'player'), bet(players[1], 300n, 'banker'));
    await this.until(
      async () => (await this.roundOrNull(r.tableId, r.roundId))?.bets.length === 2,
      'bets accepted',
    );
    return r;
  }

  private async roundOrNull(
    tableId: string,
    roundId: string,
  ): Promise<{ status: string; bets: unknown[] } | null> {
    const res = await fetch(`${this.ledger.url}/tables/${tableId}/rounds/${roundId}`, {
      headers: { authorization: `Bearer ${BACKOFFICE_TOKEN}` },
    });
    return res.ok ? ((await res.json()) as { status: string; bets: unknown[] }) : null;
  }

  private async until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async stop(): Promise<void> {
    for (const step of this.cleanup.reverse()) await step().catch(() => undefined);
  }
}

/** The roulette service on the platform's topics, with its own database and its studio table's dealer `rui`. */
async function startRoulette(
  base: Record<string, string>,
  ledger: LedgerProcess,
  cleanup: (() => Promise<void>)[],
): Promise<ServiceProcess> {
  const db = await createTestDatabase('bo_roulette');
  cleanup.push(() => db.drop());
  const env: Record<string, string> = {
    ...base,
    KAFKA_GROUP_ID: base.KAFKA_GROUP_ID.replace('baccarat-service', 'roulette-service'),
    DATABASE_URL: db.url,
    TABLES: JSON.stringify(ROULETTE_TABLES),
  };
  delete env.CARD_MS;
  for (const table of rouletteTables(loadRouletteConfig(env))) await ledger.putTable(table);
  const roulette = await ServiceProcess.launch('roulette-service', env);
  cleanup.push(() => roulette.stop());
  await createTestDealer(db.url, {
    service: 'roulette',
    dealerId: 'rui',
    displayName: 'Rui',
    tables: [ROULETTE_STUDIO],
    password: DEALER_PASSWORD,
  });
  return roulette;
}

/** The studio-games service on the platform's topics, with its own database and its studio tables' dealer `sia`. */
async function startStudioGames(
  base: Record<string, string>,
  ledger: LedgerProcess,
  cleanup: (() => Promise<void>)[],
): Promise<ServiceProcess> {
  const db = await createTestDatabase('bo_studio');
  cleanup.push(() => db.drop());
  const env: Record<string, string> = {
    ...base,
    KAFKA_GROUP_ID: base.KAFKA_GROUP_ID.replace('baccarat-service', 'studio-games-service'),
    DATABASE_URL: db.url,
    TABLES: JSON.stringify(STUDIO_GAMES_CONFIG),
  };
  delete env.CARD_MS;
  for (const table of studioGamesTables(loadStudioConfig(env))) await ledger.putTable(table);
  const service = await ServiceProcess.launch('studio-games-service', env);
  cleanup.push(() => service.stop());
  await createTestDealer(db.url, {
    service: 'studio-games',
    dealerId: 'sia',
    displayName: 'Sia',
    tables: [STUDIO_GAMES_TABLES.sicBo, STUDIO_GAMES_TABLES.dragonTiger],
    password: DEALER_PASSWORD,
  });
  return service;
}
