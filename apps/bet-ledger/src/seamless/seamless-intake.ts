import { BetCommand, encodeEvent, EventOf, PlaceBet, PlaceBetEvent } from '@casino/events';
import { Sql } from '@casino/wallet';
import { TransactionContext } from '../transaction/transaction-context';
import { betRejected, DecideBetCommands, Refusal, refusalsBeforeDebit } from './seamless-check';
import { seamlessOperators } from './seamless-operators';
import { SeamlessReceiver, seamlessReceiver, wakeSeamlessWorker } from './seamless-signal';
import { queueCancelRefunds } from './seamless.repository';

/** The transaction id of a bet's debit at its operator (also the idempotency key of its funding entry). */
export const debitTxOf = (commandId: string) => `debit:${commandId}`;

/**
 * The Kafka batch's hook: a PlaceBet of a seamless operator's player is not decided here (its stake must first be
 * debited at the operator, which the partition must never wait for). It is recorded in ledger_seamless_bets (a
 * redelivery finds it there and does nothing), and the platform's own rules are tried on it in this transaction
 * (refusalsBeforeDebit, a dry run): a bet they refuse is rejected now, one they pass waits `debiting` for the
 * seamless worker, which gets it in memory once the batch has committed when it had a free slot (the row recorded
 * already claimed by it), or else claims it. Everything else — transfer-mode bets, and every CancelBet — is
 * returned to be decided now, by `decide`.
 */
export async function divertSeamlessBets(
  ctx: TransactionContext,
  received: readonly BetCommand[],
  decide: DecideBetCommands,
): Promise<BetCommand[]> {
  const seamless = await seamlessOperators.seamless(ctx.sql);
  if (seamless.size === 0) return [...received];
  const diverted = received.filter(
    (c): c is PlaceBetEvent => c.type === 'PlaceBet' && seamless.has(c.operatorId),
  );
  if (diverted.length === 0) return [...received];
  // A command twice in one batch is recorded once, and taken once.
  const unique = [...new Map(diverted.map((c) => [c.id, c] as const)).values()];
  const receiver = seamlessReceiver();
  const callTxs = v2CallTxs(unique);
  // A version 2 bet is never handed over alone: the worker claims its call's bets together.
  const handed = receiver
    ? handedOver(
        receiver,
        unique.filter((c) => !callTxs.has(c.id)),
      )
    : new Set<string>();
  const recorded = await recordSeamlessBets(ctx.sql, unique, handed, receiver?.leaseMs ?? 0, callTxs);
  const taken = unique.filter((c) => recorded.has(c.id));
  if (taken.length > 0) {
    const refusals = await refusalsBeforeDebit(ctx, taken, decide);
    if (refusals.size > 0) rejectBeforeDebit(ctx, taken, refusals);
    const waiting = taken.filter((c) => !refusals.has(c.id));
    if (waiting.length > 0) ctx.afterCommit?.push(() => startSeamlessBets(receiver, waiting, handed));
  }
  return received.filter((c) => !diverted.includes(c as PlaceBetEvent));
}

/** Rejects the refused bets: their rows `rejected`, their commands processed, a BetRejected each. */
function rejectBeforeDebit(
  ctx: TransactionContext,
  cmds: readonly PlaceBetEvent[],
  refusals: ReadonlyMap<string, Refusal>,
): void {
  const refused = cmds.flatMap((cmd) => {
    const refusal = refusals.get(cmd.id);
    return refusal ? [{ cmd, refusal }] : [];
  });
  const ids = refused.map((r) => r.cmd.id);
  ctx.writes.add({
    text: `UPDATE ledger_seamless_bets s SET state = 'rejected', reject_code = r.code, updated_at = now()
     FROM unnest($1::text[], $2::text[]) AS r(command_id, code) WHERE s.command_id = r.command_id`,
    params: [ids, refused.map((r) => r.refusal.code)],
  });
  ctx.writes.add({
    text: `INSERT INTO ledger_processed_events (event_id) SELECT unnest($1::text[]) ON CONFLICT (event_id) DO NOTHING`,
    params: [ids],
  });
  for (const { cmd, refusal } of refused) ctx.outbox.add(betRejected(cmd, refusal.code, refusal.message));
}

/**
 * The Kafka batch's other hook, once its commands are decided: the stakes of the seamless bets it cancelled go
 * back to their operators (a refund credit queued in this transaction, sent once it commits).
 */
export async function refundCancelledSeamlessBets(ctx: TransactionContext): Promise<void> {
  const cancelled = ctx.outbox.events
    .filter((e) => e.type === 'BetCancelled')
    .map((e) => e as EventOf<'BetCancelled'>);
  if (cancelled.length === 0) return;
  const queued = await queueCancelRefunds(
    ctx.sql,
    cancelled.map((e) => e.betCommandId),
  );
  if (queued === 0) return;
  const operators = [...new Set(cancelled.map((e) => e.operatorId))];
  ctx.afterCommit?.push(() => operators.forEach(wakeSeamlessWorker));
}

/** The ids of the bets this process's worker has free slots for, per operator, in arrival order. */
function handedOver(receiver: SeamlessReceiver, cmds: readonly PlaceBetEvent[]): Set<string> {
  const handed = new Set<string>();
  for (const [operatorId, bets] of byOperator(cmds))
    for (const c of bets.slice(0, receiver.room(operatorId, bets.length))) handed.add(c.id);
  return handed;
}

/** Once committed: the handed-over bets go to the worker in memory, the other operators' workers are woken. */
function startSeamlessBets(
  receiver: SeamlessReceiver | undefined,
  waiting: readonly PlaceBetEvent[],
  handed: ReadonlySet<string>,
): void {
  for (const [operatorId, bets] of byOperator(waiting)) {
    const mine = bets.filter((c) => handed.has(c.id));
    if (receiver && mine.length > 0) receiver.take(operatorId, mine);
    if (mine.length < bets.length) wakeSeamlessWorker(operatorId);
  }
}

function byOperator(cmds: readonly PlaceBetEvent[]): Map<string, PlaceBetEvent[]> {
  const groups = new Map<string, PlaceBetEvent[]>();
  for (const c of cmds) {
    const group = groups.get(c.operatorId);
    if (group) group.push(c);
    else groups.set(c.operatorId, [c]);
  }
  return groups;
}

/**
 * The debit call of each version 2 bet (docs/operator-integration.md#seamless-wallet-versions): the bets of one
 * slip (PlaceBet commands caused by one PlaceBets) of one player, round and table share one call, named after its
 * first bet's debit. A lone PlaceBet is a call of its own. A slip comes in one command, so in one batch.
 */
function v2CallTxs(cmds: readonly PlaceBetEvent[]): Map<string, string> {
  const callTxs = new Map<string, string>();
  const firstOf = new Map<string, string>();
  for (const c of cmds) {
    if (seamlessOperators.protocolOf(c.operatorId) !== 2) continue;
    const key = JSON.stringify([
      c.causationId ?? c.id,
      c.operatorId,
      c.playerId,
      c.tableId,
      c.roundId,
      c.currency,
    ]);
    let first = firstOf.get(key);
    if (first === undefined) firstOf.set(key, (first = c.id));
    callTxs.set(c.id, debitTxOf(first));
  }
  return callTxs;
}

/**
 * Records the bets `debiting`, those in `handed` claimed for `leaseMs` as claimDueBets would; returns the ids of
 * those not recorded before (a redelivery's are not).
 */
async function recordSeamlessBets(
  sql: Sql,
  cmds: readonly PlaceBetEvent[],
  handed: ReadonlySet<string>,
  leaseMs: number,
  callTxs: ReadonlyMap<string, string>,
): Promise<Set<string>> {
  const col = <T>(f: (c: PlaceBetEvent) => T) => cmds.map(f);
  const rows = await sql.rows<{ command_id: string }>(
    `INSERT INTO ledger_seamless_bets (command_id, operator_id, player_id, currency, table_id, round_id, stake,
       command, debit_tx, attempts, next_attempt_at, call_tx)
     SELECT id, operator_id, player_id, currency, table_id, round_id, stake, command, debit_tx, (lease_ms > 0)::int,
       now() + lease_ms * interval '1 millisecond', call_tx
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[],
       $8::jsonb[], $9::text[], $10::int[], $11::text[])
       AS t(id, operator_id, player_id, currency, table_id, round_id, stake, command, debit_tx, lease_ms, call_tx)
     ON CONFLICT (command_id) DO NOTHING RETURNING command_id`,
    [
      col((c) => c.id),
      col((c) => c.operatorId),
      col((c) => c.playerId),
      col((c) => c.currency),
      col((c) => c.tableId),
      col((c) => c.roundId),
      col((c) => c.stake.toString()),
      col((c) => encodeEvent(c)),
      col((c) => debitTxOf(c.id)),
      col((c) => (handed.has(c.id) ? leaseMs : 0)),
      col((c) => callTxs.get(c.id) ?? null),
    ],
  );
  return new Set(rows.map((r) => r.command_id));
}

/** A recorded command as it was received (it was validated then; this only restores its types). */
export function storedCommand(raw: unknown): PlaceBetEvent {
  return PlaceBet.schema.parse(typeof raw === 'string' ? JSON.parse(raw) : raw) as PlaceBetEvent;
}
