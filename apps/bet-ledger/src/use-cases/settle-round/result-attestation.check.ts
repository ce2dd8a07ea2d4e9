import { attestationProblem, RoundResultEvent } from '@casino/events';
import { LiveResults } from '../../config/ledger-config';
import { findTable } from '../../tables/table-catalogue.repository';
import { catalogueTableId } from '../../tables/round-admission';
import { resultKeyOf } from '../../tables/table-result-keys.repository';
import { TransactionContext } from '../../transaction/transaction-context';

/** The reason code of a studio table's result settled without a registered key in `signed` mode. */
export const RESULT_KEY_MISSING = 'RESULT_KEY_MISSING';

/** LEDGER_LIVE_RESULTS, set at boot (LedgerModule.forRoot); `keyed` until then (unit tests, tools). */
export const liveResultsSetting = {
  current: 'keyed' as LiveResults,
  configure(config: { LEDGER_LIVE_RESULTS: LiveResults }) {
    this.current = config.LEDGER_LIVE_RESULTS;
  },
};

/**
 * Why a game service's result cannot be settled (docs/kafka-security.md#signed-live-results), or undefined when it
 * may be: on a table with a registered studio key, unsigned or not signed by that key (the whole result, or each
 * card it consumed); with LEDGER_LIVE_RESULTS=signed, also a studio (live) table of the catalogue without a key,
 * whose result nobody could have signed. Automatic tables (`dealer: auto`) without a key settle unsigned.
 */
export async function unattestedResult(
  ctx: TransactionContext,
  event: RoundResultEvent,
  mode: LiveResults = liveResultsSetting.current,
): Promise<string | undefined> {
  const tableId = catalogueTableId(event.tableId);
  const key = await resultKeyOf(ctx.sql, tableId);
  if (key)
    return attestationProblem(key.publicKey, event.tableId, event.roundId, event.result, event.attestation);
  if (mode === 'keyed') return undefined;
  // The round was admitted against the catalogue, so its table is there (a table deleted since counts as live).
  const table = await findTable(ctx.sql, tableId);
  if (table?.dealer === 'auto') return undefined;
  return `${RESULT_KEY_MISSING}: table ${tableId} has a live dealer and no registered studio key, so no result of it can be signed`;
}
