import { RoundResultPayload, ShoeRevealedEvent } from '@casino/events';
import { TransactionContext } from '../../transaction/transaction-context';
import { auditShoeReveal } from './shoe-audit';

/**
 * Records a revealed shoe with the audit of the rounds the ledger saw dealt from it. A failed audit is kept
 * (ledger:verify reports it) rather than refused: the money has moved by then, and the record is the evidence.
 */
export async function revealShoe(ctx: TransactionContext, event: ShoeRevealedEvent): Promise<void> {
  const { sql, log } = ctx;
  const rounds = await sql.rows<{
    round_id: string;
    shoe_hash: string | null;
    result: RoundResultPayload | null;
  }>(
    `SELECT round_id, shoe_hash, result FROM ledger_rounds WHERE table_id = $1 AND shoe_id = $2
     ORDER BY opened_at, round_id`,
    [event.tableId, event.shoeId],
  );
  const audit = auditShoeReveal(
    event,
    rounds.map((r) => ({ roundId: r.round_id, announcedHash: r.shoe_hash, result: r.result })),
  );
  if (audit.problem) {
    log.warn(
      `shoe ${event.tableId}/${event.shoeId} fails its audit: ${audit.problem.code} ${audit.problem.message}`,
    );
  }
  await sql.rows(
    `INSERT INTO ledger_shoe_reveals (table_id, shoe_id, game, commitment, reveal, rounds_dealt, rounds_checked,
       cards_matched, cards_skipped, problem_code, problem)
     VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (table_id, shoe_id) DO NOTHING`,
    [
      event.tableId,
      event.shoeId,
      event.game,
      JSON.stringify(event.commitment),
      JSON.stringify(event.reveal),
      event.roundsDealt,
      audit.roundsChecked,
      audit.cardsMatched,
      audit.cardsSkipped,
      audit.problem?.code ?? null,
      audit.problem?.message ?? null,
    ],
  );
}
