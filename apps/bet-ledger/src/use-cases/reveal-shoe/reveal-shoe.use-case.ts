import { ShoeRevealedEvent } from '@casino/events';
import { recordShoeReveal, roundsOfShoe } from '../../rounds/shoe-reveals.repository';
import { TransactionContext } from '../../transaction/transaction-context';
import { auditShoeReveal } from './shoe-audit';

/**
 * Records a revealed shoe with the audit of the rounds the ledger saw dealt from it. A failed audit is kept
 * (ledger:verify reports it) rather than refused: the money has moved by then, and the record is the evidence.
 */
export async function revealShoe(ctx: TransactionContext, event: ShoeRevealedEvent): Promise<void> {
  const { sql, log } = ctx;
  const audit = auditShoeReveal(event, await roundsOfShoe(sql, event.tableId, event.shoeId));
  if (audit.problem) {
    log.warn(
      `shoe ${event.tableId}/${event.shoeId} fails its audit: ${audit.problem.code} ${audit.problem.message}`,
    );
  }
  await recordShoeReveal(sql, event, audit);
}
