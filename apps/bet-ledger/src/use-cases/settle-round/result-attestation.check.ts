import { attestationProblem, RoundResultEvent } from '@casino/events';
import { catalogueTableId } from '../../tables/round-admission';
import { resultKeyOf } from '../../tables/table-result-keys.repository';
import { TransactionContext } from '../../transaction/transaction-context';

/**
 * On a live table with a registered studio key (docs/kafka-security.md#signed-live-results), why a game service's
 * result cannot be settled: unsigned, or not signed by the studio's key (the whole result, or each card
 * it consumed). Undefined when it may be settled (a good
 * signature, or a table without a key).
 */
export async function unattestedResult(
  ctx: TransactionContext,
  event: RoundResultEvent,
): Promise<string | undefined> {
  const key = await resultKeyOf(ctx.sql, catalogueTableId(event.tableId));
  if (!key) return undefined;
  return attestationProblem(key.publicKey, event.tableId, event.roundId, event.result, event.attestation);
}
