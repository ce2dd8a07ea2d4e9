import { BetCommand, buildEvent } from '@casino/events';
import { commandIds } from '../../bets/bet-batch';
import { decisionTally } from '../../observability/decision-metrics';
import { QuarantineRegistry } from '../../quarantine/quarantine.registry';
import { recordProcessedIds } from '../../transaction/processed-events';
import { TransactionContext } from '../../transaction/transaction-context';

export type HoldCode = 'ROUND_QUARANTINED' | 'PLAYER_QUARANTINED';

/** Why a command must not be decided now: its round, or its player, has a parked message awaiting review. */
export function holdOf(registry: QuarantineRegistry, cmd: BetCommand): HoldCode | undefined {
  if (registry.roundHeld(cmd.tableId, cmd.roundId)) return 'ROUND_QUARANTINED';
  if (registry.playerHeld(cmd.operatorId, cmd.playerId)) return 'PLAYER_QUARANTINED';
  return undefined;
}

/**
 * Rejects held commands with their code (BetRejected, BetCancelRejected), once each: their ids are recorded as
 * processed in the caller's transaction, and a redelivered one changes nothing.
 */
export async function rejectHeldCommands(
  ctx: TransactionContext,
  held: readonly { cmd: BetCommand; code: HoldCode }[],
): Promise<{ rejected: number; cancelRejected: number; duplicates: number }> {
  const out = { rejected: 0, cancelRejected: 0, duplicates: 0 };
  if (held.length === 0) return out;
  const fresh = await recordProcessedIds(
    ctx.sql,
    held.map((h) => h.cmd.id),
  );
  for (const { cmd, code } of held) {
    if (!fresh.has(cmd.id)) {
      out.duplicates++;
      continue;
    }
    const message =
      code === 'ROUND_QUARANTINED'
        ? `round ${cmd.tableId}/${cmd.roundId} has a message parked for review`
        : `player ${cmd.playerId} has an earlier command parked for review`;
    const event =
      cmd.type === 'PlaceBet'
        ? buildEvent('BetRejected', { ...commandIds(cmd), stake: cmd.stake, bet: cmd.bet, code, message })
        : buildEvent('BetCancelRejected', { ...commandIds(cmd), target: cmd.target, code, message });
    ctx.outbox.add(event);
    decisionTally(ctx).add(cmd, 'rejected', code, event.id);
    if (cmd.type === 'PlaceBet') out.rejected++;
    else out.cancelRejected++;
  }
  return out;
}
