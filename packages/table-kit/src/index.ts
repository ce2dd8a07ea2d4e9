export * from './players/player-key';
export * from './config/load-config';
export * from './config/table-settings';
export * from './config/catalogue-entry';
export * from './config/service-config';
export * from './config/table-state-key-config';
export * from './kafka/kafka-port';
export * from './timers/clock';
export * from './timers/backoff';
export * from './timers/deadline';
export * from './state/json-codec';
export * from './state/state-store';
export * from './state/pg-state-store';
export * from './state/state-sealing';
export * from './state/split-snapshot';
export * from './host/table-machine';
export * from './host/table-machine-base';
export * from './host/table-host';
export * from './host/table-host-deps';
export * from './host/game-runtime';
export * from './host/table-availability';
export * from './host/ledger-watch';
export * from './bets/bet-book';
export * from './bets/bet-cancel';
export * from './bets/decision-effects';
export * from './wire/rejection-codes';
export * from './wire/to-wire';
export * from './wire/message-schemas';
export * from './nest/socket-auth';
export * from './nest/socket-broadcaster';
export * from './dealer-accounts';
export * from './nest/common-providers';
export * from './relay/player-relay';
export * from './relay/balance-lookup';
export * from './relay/outbox-relay';
export * from './nest/dependency-checks';
export * from './nest/service-health.controller';
export * from './nest/service-health';
export * from './nest/game-table.service';
export * from './nest/lobby.controller';
export * from './nest/dealer-console';
export * from './nest/card-dealer-console';
export * from './sessions/player-sessions';
export * from './sessions/origin-policy';
export * from './sessions/revoked-sessions';
export * from './nest/player-socket-adapter';
export * from './nest/player-gateway';
export * from './nest/service-metrics';
export * from './nest/outbox-backlog.poller';
export { tableObserver } from './host/table-observer';
// What a game service's main.ts needs of @casino/observability (its logs' format and level, checked at boot).
export {
  loadObservabilityConfig,
  ObservabilityConfig,
  ObservabilityConfigError,
  serviceLogger,
  logFields,
} from '@casino/observability';
export * from './nest/table-gateway';
export * from './bets/table-bets';
export * from './bets/book-inputs';
export * from './shoes/finish-shoe';
export * from './shoes/shoe-in-play';
export * from './shoes/card-table-machine-base';
export * from './dealer/command-result';
export * from './dealer/scanned-card';
export * from './dealer/shoe-commands';
export * from './rounds/round-announcements';
