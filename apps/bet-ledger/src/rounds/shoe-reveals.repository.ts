import { RoundResultPayload, ShoeRevealedEvent } from '@casino/events';
import { Sql } from '@casino/wallet';

/** A round dealt from a shoe, as the ledger recorded it. */
export interface RoundOfShoe {
  roundId: string;
  /** The hash its RoundOpened announced. */
  announcedHash: string | null;
  /** Its result, when it has one (a voided round has none). */
  result: RoundResultPayload | null;
}

/** The rounds of a table dealt from `shoeId`, in the order they were opened. */
export async function roundsOfShoe(sql: Sql, tableId: string, shoeId: string): Promise<RoundOfShoe[]> {
  const rows = await sql.rows<{
    round_id: string;
    shoe_hash: string | null;
    result: RoundResultPayload | null;
  }>(
    `SELECT round_id, shoe_hash, result FROM ledger_rounds WHERE table_id = $1 AND shoe_id = $2
     ORDER BY opened_at, round_id`,
    [tableId, shoeId],
  );
  return rows.map((r) => ({ roundId: r.round_id, announcedHash: r.shoe_hash, result: r.result }));
}

/** What the audit of a revealed shoe found (no `problem` when it passed). */
export interface ShoeAuditRecord {
  roundsChecked: number;
  cardsMatched: number;
  cardsSkipped: number;
  problem?: { code: string; message: string };
}

/** Records a revealed shoe with its audit, once (a redelivered reveal keeps the first record). */
export async function recordShoeReveal(
  sql: Sql,
  event: ShoeRevealedEvent,
  audit: ShoeAuditRecord,
): Promise<void> {
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
