import { RoundOpenedEvent } from '@casino/events';
import { RoundEffect } from '../../rounds/round-effect';
import { insertRound } from '../../rounds/round.repository';
import { admitRound, catalogueTableId, RoundAdmission } from '../../tables/round-admission';
import { admitLease, recordRoundLease } from '../../tables/table-leases.repository';
import { findTable, recordRefusal } from '../../tables/table-catalogue.repository';
import { TransactionContext } from '../../transaction/transaction-context';

/**
 * Records a new round with its table's settings from the catalogue; a second RoundOpened for the same round
 * changes nothing. A RoundOpened the catalogue refuses is a decision, not a failure: recorded, alerted, and the
 * round stays unknown (its bets are rejected ROUND_UNKNOWN; its later events are skipped).
 */
export async function openRound(ctx: TransactionContext, event: RoundOpenedEvent): Promise<RoundEffect> {
  // FOR SHARE: a back-office change of the table waits for the rounds being opened against it, and vice versa.
  const catalogueId = catalogueTableId(event.tableId);
  const admission = await leaseChecked(
    ctx,
    catalogueId,
    event,
    admitRound(await findTable(ctx.sql, catalogueId, 'share'), event),
  );
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
  if (!(await insertRound(ctx.sql, { ...event, table: admission.config }))) return 'ignored-duplicate';
  if (event.lease) await recordRoundLease(ctx.sql, event.tableId, event.roundId, event.lease);
  return 'opened';
}

/**
 * A round the catalogue admits is also checked against the table's lease record
 * (docs/kafka-security.md#who-runs-a-table-the-table-lease): opened under an epoch older than the newest one a round of the table
 * was admitted under, it comes from an instance that no longer holds the table (LEASE_STALE). A RoundOpened without
 * a lease (a store without leases) is not checked.
 */
async function leaseChecked(
  ctx: TransactionContext,
  catalogueId: string,
  event: RoundOpenedEvent,
  admission: RoundAdmission,
): Promise<RoundAdmission> {
  if (!admission.ok || !event.lease) return admission;
  const lease = await admitLease(ctx.sql, catalogueId, event.lease);
  if (lease.ok) return admission;
  const { holder, epoch } = event.lease;
  const newest = lease.recorded ? `${lease.recorded.holder} at epoch ${lease.recorded.epoch}` : 'another';
  return {
    ok: false,
    code: 'LEASE_STALE',
    message: `opened by ${holder} under lease epoch ${epoch}; the table is held by ${newest}`,
  };
}
