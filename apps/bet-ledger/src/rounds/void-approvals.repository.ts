import { encodeEvent, RoundVoided, RoundVoidedEvent } from '@casino/events';
import { Sql } from '@casino/wallet';

/** Why a game service's void was held instead of applied (docs/ledger.md#voids-after-betting-closed). */
export type HeldVoidCode = 'VOID_NEEDS_APPROVAL' | 'VOID_APPROVAL_MISMATCH';

/** A pit boss's approval of the void of one round. */
export interface VoidApproval {
  approvalId: string;
  tableId: string;
  roundId: string;
  reason: string;
  staffId: string;
  approvedBy: string;
  role: string;
  approvedAt: string;
  /** The RoundVoided (or held void) applied under it, once applied. */
  appliedEventId: string | null;
  appliedAt: string | null;
}

interface ApprovalRow {
  approval_id: string;
  table_id: string;
  round_id: string;
  reason: string;
  staff_id: string;
  approved_by: string;
  role: string;
  approved_at: Date;
  applied_event_id: string | null;
  applied_at: Date | null;
}

const APPROVAL_COLUMNS = `approval_id::text AS approval_id, table_id, round_id, reason, staff_id::text AS staff_id,
  approved_by, role, approved_at, applied_event_id, applied_at`;

function approvalOfRow(r: ApprovalRow): VoidApproval {
  return {
    approvalId: r.approval_id,
    tableId: r.table_id,
    roundId: r.round_id,
    reason: r.reason,
    staffId: r.staff_id,
    approvedBy: r.approved_by,
    role: r.role,
    approvedAt: new Date(r.approved_at).toISOString(),
    appliedEventId: r.applied_event_id,
    appliedAt: r.applied_at === null ? null : new Date(r.applied_at).toISOString(),
  };
}

/** The approval of the void of a round, if a pit boss gave one. */
export async function voidApprovalOf(
  sql: Sql,
  tableId: string,
  roundId: string,
): Promise<VoidApproval | undefined> {
  const [row] = await sql.rows<ApprovalRow>(
    `SELECT ${APPROVAL_COLUMNS} FROM ledger_void_approvals WHERE table_id = $1 AND round_id = $2`,
    [tableId, roundId],
  );
  return row ? approvalOfRow(row) : undefined;
}

/** Records an approval; a round has one at most, so a second one returns the first (`created` false). */
export async function recordVoidApproval(
  sql: Sql,
  a: Pick<VoidApproval, 'approvalId' | 'tableId' | 'roundId' | 'reason' | 'staffId' | 'approvedBy' | 'role'>,
): Promise<{ approval: VoidApproval; created: boolean }> {
  const [row] = await sql.rows<ApprovalRow>(
    `INSERT INTO ledger_void_approvals (approval_id, table_id, round_id, reason, staff_id, approved_by, role)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (table_id, round_id) DO NOTHING RETURNING ${APPROVAL_COLUMNS}`,
    [a.approvalId, a.tableId, a.roundId, a.reason, a.staffId, a.approvedBy, a.role],
  );
  if (row) return { approval: approvalOfRow(row), created: true };
  const first = await voidApprovalOf(sql, a.tableId, a.roundId);
  if (!first) throw new Error(`void approval of ${a.tableId}/${a.roundId} neither recorded nor found`);
  return { approval: first, created: false };
}

/** Notes the void applied under a round's approval. */
export async function markVoidApprovalApplied(
  sql: Sql,
  tableId: string,
  roundId: string,
  eventId: string,
): Promise<void> {
  await sql.rows(
    `UPDATE ledger_void_approvals SET applied_event_id = $3, applied_at = now()
      WHERE table_id = $1 AND round_id = $2 AND applied_event_id IS NULL`,
    [tableId, roundId, eventId],
  );
}

/** Keeps a game service's void the ledger did not apply; false when it was held before (a redelivery). */
export async function holdVoid(sql: Sql, event: RoundVoidedEvent, code: HeldVoidCode): Promise<boolean> {
  const rows = await sql.rows(
    `INSERT INTO ledger_held_voids (event_id, table_id, round_id, game, reason, message, approval_id, code, event)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb)
     ON CONFLICT (event_id) DO NOTHING RETURNING 1`,
    [
      event.id,
      event.tableId,
      event.roundId,
      event.game,
      event.reason,
      event.message ?? null,
      event.approvalId ?? null,
      code,
      encodeEvent(event),
    ],
  );
  return rows.length > 0;
}

/** The first void held for a round, as the game service sent it. */
export async function firstHeldVoid(
  sql: Sql,
  tableId: string,
  roundId: string,
): Promise<RoundVoidedEvent | undefined> {
  const [row] = await sql.rows<{ event: unknown }>(
    `SELECT event FROM ledger_held_voids WHERE table_id = $1 AND round_id = $2 ORDER BY held_at, event_id LIMIT 1`,
    [tableId, roundId],
  );
  return row ? (RoundVoided.schema.parse(row.event) as RoundVoidedEvent) : undefined;
}

/**
 * Where a held void stands: `pending` while its round is unfinished (a pit boss's approval applies it, its result
 * settles it), `applied` once an approval voided the round with it, `settled` when the round was settled by its
 * result instead, `voided` when the round was voided otherwise (another void, the back office).
 */
export type HeldVoidState = 'pending' | 'applied' | 'settled' | 'voided';

export interface HeldVoidView {
  eventId: string;
  tableId: string;
  roundId: string;
  game: string;
  reason: string;
  message: string | null;
  /** The approval id the void claimed, if any. */
  claimedApprovalId: string | null;
  code: HeldVoidCode;
  heldAt: string;
  state: HeldVoidState;
  roundStatus: string;
}

interface HeldRow {
  event_id: string;
  table_id: string;
  round_id: string;
  game: string;
  reason: string;
  message: string | null;
  approval_id: string | null;
  code: HeldVoidCode;
  held_at: Date;
  round_status: string;
  applied_event_id: string | null;
}

export interface VoidListFilter {
  tableId?: string;
  /** Only voids held since (the alerts' window). */
  since?: Date;
  pendingOnly?: boolean;
  limit: number;
}

/** Held voids, newest first, with their round's status and what became of them. */
export async function listHeldVoids(sql: Sql, f: VoidListFilter): Promise<HeldVoidView[]> {
  const rows = await sql.rows<HeldRow>(
    `SELECT h.event_id, h.table_id, h.round_id, h.game, h.reason, h.message, h.approval_id, h.code, h.held_at,
            r.status AS round_status, a.applied_event_id
       FROM ledger_held_voids h
       JOIN ledger_rounds r ON r.table_id = h.table_id AND r.round_id = h.round_id
       LEFT JOIN ledger_void_approvals a ON a.table_id = h.table_id AND a.round_id = h.round_id
      WHERE ($1::text IS NULL OR h.table_id = $1) AND ($2::timestamptz IS NULL OR h.held_at >= $2)
        AND (NOT $3 OR r.status IN ('open', 'closed', 'disputed'))
      ORDER BY h.held_at DESC, h.event_id LIMIT $4`,
    [f.tableId ?? null, f.since ?? null, f.pendingOnly === true, f.limit],
  );
  return rows.map((r) => ({
    eventId: r.event_id,
    tableId: r.table_id,
    roundId: r.round_id,
    game: r.game,
    reason: r.reason,
    message: r.message,
    claimedApprovalId: r.approval_id,
    code: r.code,
    heldAt: new Date(r.held_at).toISOString(),
    roundStatus: r.round_status,
    state:
      r.round_status === 'settled'
        ? 'settled'
        : r.round_status === 'voided'
          ? r.applied_event_id === r.event_id
            ? 'applied'
            : 'voided'
          : 'pending',
  }));
}

/** Approvals, newest first. */
export async function listVoidApprovals(sql: Sql, f: VoidListFilter): Promise<VoidApproval[]> {
  const rows = await sql.rows<ApprovalRow>(
    `SELECT ${APPROVAL_COLUMNS} FROM ledger_void_approvals
      WHERE ($1::text IS NULL OR table_id = $1) AND ($2::timestamptz IS NULL OR approved_at >= $2)
      ORDER BY approved_at DESC, table_id, round_id LIMIT $3`,
    [f.tableId ?? null, f.since ?? null, f.limit],
  );
  return rows.map(approvalOfRow);
}
