// The ledger's public surface for the tools outside this app (bench, demo). The service starts from main.ts.
export { openLedgerDataSource } from './database/data-source';
export { DEMO_DATABASE_FILE } from './cli/verify-target';
// The reports' own service and query parsing, timed by npm run bench:reports on generated rollups.
export { ReportsService } from './back-office/reports/reports.service';
export { playersQuerySchema, rtpQuerySchema, summaryQuerySchema } from './back-office/reports/report-query';
