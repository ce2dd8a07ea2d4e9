// The ledger's public surface for tools and tests outside this app (bench, demo, service tests): its database,
// configuration and invariant checks. The service itself starts from main.ts.
export { ledgerDataSourceOptions, openLedgerDataSource, runLedgerMigrations } from './database/data-source';
export { LedgerConfig, loadLedgerConfig } from './config/ledger-config';
export { runLedgerChecks } from './cli/ledger-checks';
export { DEMO_DATABASE_FILE } from './cli/verify-target';
