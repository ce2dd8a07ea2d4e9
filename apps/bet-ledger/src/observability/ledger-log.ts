/** The ledger's log, as every layer sees it (Nest's Logger in the app, a silent or collecting one in tests). */
export interface LedgerLog {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}
