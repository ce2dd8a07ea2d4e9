// Test-only helpers of the game services' e2e tests (and the demo's players): a dev dependency, never part of a
// service's runtime, so that the services never load socket.io-client or the test infrastructure.
export * from './player-client';
export * from './test-ledger';
export * from './service-harness';
export * from './live-table';
export * from './operator-pair';
export * from './failure-lab';
export * from './dealer-accounts';
