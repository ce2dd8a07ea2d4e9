/**
 * A table as the ledger's table catalogue registers it (back office `PUT /tables/{id}`): the ledger admits a round
 * only if its RoundOpened matches. Each service derives its entries from its own configuration, so that whoever
 * seeds the catalogue (the demo, an operator's studio set-up, the e2e tests) registers exactly what the service runs.
 */
export interface CatalogueEntry {
  tableId: string;
  currency: string;
  /** The service that opens the table's rounds, e.g. baccarat-service. */
  producer: string;
  variant?: string;
  /**
   * Who draws its results: `studio` (a live dealer: with LEDGER_LIVE_RESULTS=signed the ledger settles only
   * results signed by the table's studio key) or `auto` (the service's automatic dealer).
   */
  dealer: 'auto' | 'studio';
  /** The table settings as a RoundOpened carries them. */
  settings: object;
}

/** `node dist/main.js --catalogue`: the service's entries as JSON on stdout (amounts as strings). */
export function printCatalogue(entries: readonly CatalogueEntry[]): void {
  console.log(
    JSON.stringify(entries, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)),
  );
}
