/**
 * The text a studio signs for a live table's result (docs/kafka-security.md#signed-live-results), as UTF-8: the
 * same bytes in the studio console (the browser's WebCrypto) and in the ledger (node:crypto). Browser-safe: no
 * Node module, no Buffer.
 */

/** JSON with object keys sorted at every level: the same bytes wherever the result is signed or checked. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(typeof value === 'bigint' ? value.toString() : value);
}

/** What the studio signs for a whole result (roulette's announced pocket). */
export function resultAttestationText(tableId: string, roundId: string, result: unknown): string {
  return `casino.round-result.v1\n${tableId}\n${roundId}\n${canonicalJson(result)}`;
}

/** What the studio signs for one dealt card: the card at `index` (from 0) of the round's dealt cards. */
export function cardAttestationText(tableId: string, roundId: string, index: number, card: string): string {
  return `casino.round-card.v1\n${tableId}\n${roundId}\n${index}\n${card}`;
}
