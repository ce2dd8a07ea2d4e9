/**
 * table-kit's table core (`@casino/table-kit/core`): the table host and machines, the bet book, shoes, effects, the
 * relays' logic, timers and the state store's port. Pure: no NestJS, pg, socket.io or Kafka client, nor any of the
 * adapters below (eslint enforces it), so it runs in any process and in unit tests as it is.
 */
export * from './players/player-key';
export * from './timers/clock';
export * from './timers/backoff';
export * from './timers/deadline';
export * from './state/json-codec';
export * from './state/state-store';
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
export * from './relay/player-relay';
export * from './relay/balance-lookup';
export * from './relay/outbox-relay';
export * from './relay/event-publisher';
export * from './host/table-watcher';
export * from './bets/table-bets';
export * from './bets/book-inputs';
export * from './shoes/finish-shoe';
export * from './shoes/shoe-in-play';
export * from './shoes/card-table-machine-base';
export * from './dealer/command-result';
export * from './dealer/scanned-card';
export * from './dealer/card-signatures';
export * from './dealer/shoe-commands';
export * from './rounds/round-announcements';
