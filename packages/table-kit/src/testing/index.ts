// Test-only helpers, served as `@casino/table-kit/testing` so the services' runtime never loads socket.io-client.
export * from './player-client';
export * from './ledger-process';
export * from './test-ledger';
export * from './service-harness';
export * from './live-table';
