import { RoundOpenedEvent } from '@casino/events';
import { RoundEffect } from '../../rounds/round-effect';
import { insertRound } from '../../rounds/round.repository';
import { admitRound, catalogueTableId } from '../../tables/round-admission';
import { findTable, recordRefusal } from '../../tables/table-catalogue.repository';
import { TransactionContext } from '../../transaction/transaction-context';

/**
 * Records a new round with its table's settings from the catalogue; a second RoundOpened for the same round
 * changes nothing. A RoundOpened the catalogue refuses is a decision, not a failure: recorded, alerted, and the
 * round stays unknown (its bets are rejected ROUND_UNKNOWN; its later events are skipped).
 */
export async function openRound(ctx: TransactionContext, event: RoundOpenedEvent): Promise<RoundEffect> {
  // FOR SHARE: a back-office change of the table waits for the rounds being opened against it, and vice versa.
  const admission = admitRound(await findTable(ctx.sql, catalogueTableId(event.tableId), 'share'), event);
  if (!admission.ok) {
    const refusal = { ...event, eventId: event.id, eventType: event.type, ...admission };
    await recordRefusal(ctx.sql, refusal);
    ctx.log.error(
      `ALERT ledger RoundOpened refused: ${JSON.stringify({
        code: admission.code,
        message: admission.message,
        eventId: event.id,
        tableId: event.tableId,
        roundId: event.roundId,
        game: event.game,
      })}`,
    );
    return 'refused';
  }
  return (await insertRound(ctx.sql, { ...event, table: admission.config })) ? 'opened' : 'ignored-duplicate';
}
