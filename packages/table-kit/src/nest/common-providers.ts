import { RandomSource } from '@casino/cards';
import { TopicKey } from '@casino/events';
import { gameMetrics } from '@casino/observability';
import { INestApplication, Logger, LoggerService, LogLevel, Provider, DynamicModule } from '@nestjs/common';
import { APP_FILTER, NestFactory } from '@nestjs/core';
import { AddressInfo } from 'node:net';
import { CommonEnv } from '../config/load-config';
import { DEVELOPMENT_TABLE_STATE_KEY } from '../config/table-state-key-config';
import { KafkaPort } from '../kafka/kafka-port';
import { EventPublisher } from '../relay/event-publisher';
import { DEFAULT_RELAY_OPTIONS, OutboxRelay } from '../relay/outbox-relay';
import { PgStateStore } from '../postgres/pg-state-store';
import { StateSealer } from '../state/state-sealing';
import { MemoryStateStore, StateStore } from '../state/state-store';
import { OriginPolicy, PlayerOriginPolicy } from '../sessions/origin-policy';
import { PlayerSessions } from '../sessions/player-sessions';
import { Clock, systemClock } from '../timers/clock';
import { GameServiceExceptionFilter } from './rest-exception.filter';
import { PlayerSocketAdapter } from './player-socket-adapter';
import { SocketBroadcaster } from './socket-broadcaster';

/** Injection tokens of the ports every game service has, and of its validated configuration. */
export const SERVICE_CONFIG = 'SERVICE_CONFIG';
export const STATE_STORE = 'STATE_STORE';
export const CLOCK = 'CLOCK';
export const RANDOM_SOURCE = 'RANDOM_SOURCE';
export const ORIGIN_POLICY = 'ORIGIN_POLICY';

/** Ports a test may replace: the clock, the random source (seeded), the state store. */
export interface PortOverrides {
  clock?: Clock;
  random?: RandomSource;
  store?: StateStore;
  /** Which browser origins may open a player socket (default: SOCKET_ALLOWED_ORIGINS, plus each token's operator's). */
  originPolicy?: OriginPolicy;
}

/** The topics keyed by table a game service consumes in its group: decisions, final bets, settlements. */
export const GAME_SERVICE_TOPICS: readonly TopicKey[] = ['betDecisions', 'roundBets', 'settlements'];

/** Providers of the service's configuration (the game's whole, validated) and of the shared ports built from it. */
export function commonProviders(config: CommonEnv, overrides: PortOverrides = {}): Provider[] {
  const logger = new Logger('Ports');
  const originPolicy = overrides.originPolicy ?? new PlayerOriginPolicy(config.SOCKET_ALLOWED_ORIGINS);
  return [
    { provide: SERVICE_CONFIG, useValue: config },
    { provide: APP_FILTER, useClass: GameServiceExceptionFilter },
    { provide: CLOCK, useValue: overrides.clock ?? systemClock },
    { provide: RANDOM_SOURCE, useValue: overrides.random ?? null },
    { provide: ORIGIN_POLICY, useValue: originPolicy },
    {
      provide: STATE_STORE,
      useFactory: async (): Promise<StateStore> => {
        if (overrides.store) return overrides.store;
        if (config.DATABASE_URL) {
          if (config.TABLE_STATE_KEY === DEVELOPMENT_TABLE_STATE_KEY)
            logger.warn('TABLE_STATE_KEY not set: table state is sealed with the public development key');
          const sealer = new StateSealer(config.TABLE_STATE_KEY, config.TABLE_STATE_OLD_KEYS);
          return PgStateStore.open(
            config.DATABASE_URL,
            config.SERVICE_INSTANCE,
            (m) => logger.warn(m),
            sealer,
            { migrate: config.DB_MIGRATIONS_RUN },
          );
        }
        logger.warn('DATABASE_URL not set: table state is kept in memory and lost on restart');
        return new MemoryStateStore();
      },
    },
    {
      provide: KafkaPort,
      useFactory: () =>
        new KafkaPort({
          brokers: config.KAFKA_BROKERS,
          clientId: config.KAFKA_CLIENT_ID,
          groupId: config.KAFKA_GROUP_ID,
          topicPrefix: config.KAFKA_TOPIC_PREFIX,
          createTopics: config.KAFKA_CREATE_TOPICS,
          consume: GAME_SERVICE_TOPICS,
          // Balances reach the player's socket, on whichever instance it is.
          consumeEvery: ['wallet'],
          sessionTimeoutMs: config.KAFKA_SESSION_TIMEOUT_MS,
          log: (m) => logger.warn(m),
          security: config.KAFKA_CLIENT_SECURITY,
        }),
    },
    {
      provide: OutboxRelay,
      // Real time even when a test drives the tables' clock: the relay's retries are not game time.
      useFactory: (store: StateStore, kafka: KafkaPort) =>
        new OutboxRelay(store, countingFailures(kafka), systemClock, {
          ...DEFAULT_RELAY_OPTIONS,
          sendTimeoutMs: config.KAFKA_SEND_TIMEOUT_MS,
          log: (m) => logger.warn(m),
        }),
      inject: [STATE_STORE, KafkaPort],
    },
    SocketBroadcaster,
    {
      provide: PlayerSessions,
      useValue: new PlayerSessions(overrides.clock ?? systemClock, {
        betRate: { ratePerSecond: config.BET_RATE_PER_SECOND, burst: config.BET_BURST },
        revocationMemory: {
          maxTokenLifetimeMs: config.PLAYER_TOKEN_MAX_TTL_SECONDS * 1000,
          maxEntries: config.REVOCATIONS_MAX_ENTRIES,
        },
        originPolicy,
      }),
    },
  ];
}

export interface RunningService {
  app: INestApplication;
  port: number;
  url: string;
  close(): Promise<void>;
}

/** The relay's publisher, counting the sends that fail (`casino_game_kafka_send_failures_total`). */
function countingFailures(kafka: KafkaPort): EventPublisher {
  return {
    publish: async (events) => {
      try {
        await kafka.publish(events);
      } catch (err) {
        gameMetrics().kafkaSendFailures.inc();
        throw err;
      }
    },
  };
}

/**
 * Starts a Nest app on `port` (0 = a free one): HTTP API and WebSocket share it. `logger`: levels for Nest's
 * default text logger, or a logger (main.ts passes the JSON/text one LOG_FORMAT chose).
 */
export async function listenService(
  module: DynamicModule,
  port: number,
  logger: LogLevel[] | LoggerService = ['error', 'warn', 'log'],
): Promise<RunningService> {
  const app = await NestFactory.create(module, { logger });
  const config = app.get<CommonEnv>(SERVICE_CONFIG);
  app.useWebSocketAdapter(
    new PlayerSocketAdapter(app, {
      maxMessageBytes: config.SOCKET_MAX_MESSAGE_BYTES,
      originPolicy: app.get<OriginPolicy>(ORIGIN_POLICY),
    }),
  );
  app.enableCors();
  await app.listen(port);
  const actual = (app.getHttpServer().address() as AddressInfo).port;
  return { app, port: actual, url: `http://127.0.0.1:${actual}`, close: () => app.close() };
}
