export * from './primitives';
export * from './topics';
export * from './bet-specs';
export * from './bet-checks';
export * from './results';
export * from './table-config';
export * from './envelope';
export * from './round-events';
export * from './shoe-events';
export * from './bet-events';
export * from './cancel-events';
export * from './settlement-events';
export * from './wallet-events';
export * from './registry';
export * from './codec';
export * from './legacy-topic-admin'; // deprecated, until apps/bet-ledger imports them from @casino/kafka
