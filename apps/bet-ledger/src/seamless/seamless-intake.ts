import { BetCommand, encodeEvent, EventOf, PlaceBet, PlaceBetEvent } from '@casino/events';
import { Statement } from '../database/write.batch';
import { TransactionContext } from '../transaction/transaction-context';
import { seamlessOperators } from './seamless-operators';
import { wakeSeamlessWorker } from './seamless-signal';
import { queueCancelRefunds } from './seamless.repository';

/** The transaction id of a bet's debit at its operator (also the idempotency key of its funding entry). */
export const debitTxOf = (commandId: string) => `debit:${commandId}`;

/**
 * The Kafka batch's hook: a PlaceBet of a seamless operator's player is not decided here (its stake must first be
 * debited at the operator, which the partition must never wait for). It is recorded in ledger_seamless_bets with
 * the batch's other writes (a redelivery finds it there and does nothing) and the seamless worker takes it from
 * there once the batch has committed. Everything else — transfer-mode bets, and every CancelBet — is returned to
 * be decided now.
 */
export async function divertSeamlessBets(
  ctx: TransactionContext,
  received: readonly BetCommand[],
): Promise<BetCommand[]> {
  const seamless = await seamlessOperators.seamless(ctx.sql);
  if (seamless.size === 0) return [...received];
  const diverted = received.filter(
    (c): c is PlaceBetEvent => c.type === 'PlaceBet' && seamless.has(c.operatorId),
  );
  if (diverted.length === 0) return [...received];
  ctx.writes.add(recordSeamlessBetsStatement(diverted));
  const operators = [...new Set(diverted.map((c) => c.operatorId))];
  ctx.afterCommit?.push(() => operators.forEach(wakeSeamlessWorker));
  return received.filter((c) => !diverted.includes(c as PlaceBetEvent));
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

export function recordSeamlessBetsStatement(cmds: readonly PlaceBetEvent[]): Statement {
  const col = <T>(f: (c: PlaceBetEvent) => T) => cmds.map(f);
  return {
    text: `INSERT INTO ledger_seamless_bets (command_id, operator_id, player_id, currency, table_id, round_id, stake,
       command, debit_tx)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[],
       $8::jsonb[], $9::text[])
     ON CONFLICT (command_id) DO NOTHING`,
    params: [
      col((c) => c.id),
      col((c) => c.operatorId),
      col((c) => c.playerId),
      col((c) => c.currency),
      col((c) => c.tableId),
      col((c) => c.roundId),
      col((c) => c.stake.toString()),
      col((c) => encodeEvent(c)),
      col((c) => debitTxOf(c.id)),
    ],
  };
}

/** A recorded command as it was received (it was validated then; this only restores its types). */
export function storedCommand(raw: unknown): PlaceBetEvent {
  return PlaceBet.schema.parse(typeof raw === 'string' ? JSON.parse(raw) : raw) as PlaceBetEvent;
}
