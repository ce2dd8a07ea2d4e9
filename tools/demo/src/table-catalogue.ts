import { execFileSync } from 'node:child_process';
import { CatalogueEntry } from '@casino/table-kit/config';

/**
 * Registers a game service's tables in the ledger's table catalogue, as back-office staff would before the studio
 * opens them: the service prints its tables (`main.js --catalogue`, with the environment it will run with) and each
 * goes to the ledger's `PUT /tables/{id}`. The ledger admits a round only of a registered table.
 */
export async function registerServiceTables(
  serviceMain: string,
  env: Record<string, string>,
  ledger: { url: string; backOfficeToken: string },
): Promise<string[]> {
  const printed = execFileSync(process.execPath, [serviceMain, '--catalogue'], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  const entries = JSON.parse(printed) as CatalogueEntry[];
  for (const entry of entries) {
    const { roundInShoe: _roundInShoe, ...settings } = entry.settings as Record<string, unknown>;
    const res = await putOnce(`${ledger.url}/tables/${encodeURIComponent(entry.tableId)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ledger.backOfficeToken}` },
      body: JSON.stringify({
        variant: entry.variant ?? 'standard',
        dealer: entry.dealer,
        currency: entry.currency,
        producer: entry.producer,
        settings,
        actor: 'demo',
        reason: 'the demo studio opens this table',
      }),
    });
    if (!res.ok) throw new Error(`registering table ${entry.tableId}: ${res.status} ${await res.text()}`);
  }
  return entries.map((e) => e.tableId);
}

/**
 * A PUT (idempotent), sent again once when the connection it went on was closed under it: the fetch client reuses
 * a kept-alive connection that the ledger may close as idle while `--catalogue` runs (seconds on a loaded machine).
 */
async function putOnce(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    const code = ((err as Error).cause as { code?: string } | undefined)?.code;
    if (code !== 'UND_ERR_SOCKET') throw err;
    return fetch(url, init);
  }
}
