/**
 * The game services' NestJS and socket.io adapters (`@casino/table-kit/nest`): the module, the table service, the
 * gateways and player sessions, health and metrics, the dealer console and dealer accounts.
 */
export * from './nest/socket-auth';
export * from './nest/socket-broadcaster';
export * from './dealer-accounts';
export * from './nest/common-providers';
export * from './nest/dependency-checks';
export * from './nest/service-health.controller';
export * from './nest/service-health';
export * from './nest/game-service-module';
export * from './nest/game-table.service';
export * from './nest/game-service-main';
export * from './nest/lobby.controller';
export * from './nest/dealer-console';
export * from './nest/card-dealer-console';
export * from './sessions/player-sessions';
export * from './sessions/origin-policy';
export * from './sessions/revoked-sessions';
export * from './nest/player-socket-adapter';
export * from './nest/player-gateway';
export * from './nest/bet-slip';
export * from './nest/service-metrics';
export * from './nest/outbox-backlog.poller';
export { tableObserver } from './observability/table-observer';
export * from './nest/table-gateway';
