import { BetCommand, buildEvent } from '@casino/events';
import { TransactionContext } from '../transaction/transaction-context';
import { commandIds } from './bet-batch';

/**
 * Why a command is refused before it is decided: it came on another game's topic, or proves no live session (both
 * security events), or is a bet past the player's own session-time limit.
 */
export interface CommandRefusal {
  code: 'PRODUCER_NOT_TABLE_SERVICE' | 'PLAYER_SESSION_INVALID' | 'SESSION_TIME_LIMIT';
  message: string;
}

/** The refusals that are security events; SESSION_TIME_LIMIT is the player's own limit at work. */
const ALERTED: ReadonlySet<CommandRefusal['code']> = new Set([
  'PRODUCER_NOT_TABLE_SERVICE',
  'PLAYER_SESSION_INVALID',
]);

/**
 * Rejects refused commands with their code (BetRejected, BetCancelRejected), once each: their ids are recorded as
 * processed in the caller's transaction, so a redelivered one changes nothing. Security refusals are alerted: logged
 * as an ALERT and recorded in ledger_command_refusals, which the back office's alerts list.
 */
export async function rejectRefusedCommands(
  ctx: TransactionContext,
  refused: readonly { cmd: BetCommand; topic: string; refusal: CommandRefusal }[],
): Promise<{ rejected: number; cancelRejected: number; duplicates: number }> {
  const out = { rejected: 0, cancelRejected: 0, duplicates: 0 };
  if (refused.length === 0) return out;
  const fresh = new Set(
    (
      await ctx.sql.rows<{ event_id: string }>(
        `INSERT INTO ledger_processed_events (event_id) SELECT unnest($1::text[])
         ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
        [refused.map((r) => r.cmd.id)],
      )
    ).map((r) => r.event_id),
  );
  const recorded: (typeof refused)[number][] = [];
  for (const r of refused) {
    const { cmd, refusal } = r;
    if (!fresh.has(cmd.id)) {
      out.duplicates++;
      continue;
    }
    const { code, message } = refusal;
    if (ALERTED.has(code)) {
      recorded.push(r);
      ctx.log.error(
        `ALERT ledger ${cmd.type} refused: ${JSON.stringify({
          code,
          message,
          eventId: cmd.id,
          tableId: cmd.tableId,
          operatorId: cmd.operatorId,
          playerId: cmd.playerId,
          topic: r.topic,
        })}`,
      );
    }
    if (cmd.type === 'PlaceBet') {
      ctx.outbox.add(
        buildEvent('BetRejected', { ...commandIds(cmd), stake: cmd.stake, bet: cmd.bet, code, message }),
      );
      out.rejected++;
    } else {
      if (code === 'SESSION_TIME_LIMIT') throw new Error('a cancel is never refused for the session time');
      ctx.outbox.add(
        buildEvent('BetCancelRejected', { ...commandIds(cmd), target: cmd.target, code, message }),
      );
      out.cancelRejected++;
    }
  }
  if (recorded.length > 0) {
    const col = <T>(f: (r: (typeof refused)[number]) => T) => recorded.map(f);
    await ctx.sql.rows(
      `INSERT INTO ledger_command_refusals
         (event_id, command_type, topic, table_id, round_id, operator_id, player_id, code, message)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                            $8::text[], $9::text[])
       ON CONFLICT (event_id) DO NOTHING`,
      [
        col((r) => r.cmd.id),
        col((r) => r.cmd.type),
        col((r) => r.topic),
        col((r) => r.cmd.tableId),
        col((r) => r.cmd.roundId),
        col((r) => r.cmd.operatorId),
        col((r) => r.cmd.playerId),
        col((r) => r.refusal.code),
        col((r) => r.refusal.message),
      ],
    );
  }
  return out;
}
