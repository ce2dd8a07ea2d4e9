// The pieces of a game service's e2e tests: player client, the real ledger as a process, service harness, live
// table, the failure lab, dealer accounts.
export * from './player-client';
export * from './test-ledger';
export * from './service-harness';
export * from './live-table';
export * from './operator-pair';
export * from './failure-lab';
export * from './dealer-accounts';
