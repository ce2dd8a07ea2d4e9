// The ledger's public surface for the tools outside this app (bench, demo). The service starts from main.ts.
export { openLedgerDataSource } from './database/data-source';
export { DEMO_DATABASE_FILE } from './cli/verify-target';
