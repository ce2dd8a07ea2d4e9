import { BetCommand, BetRejectionCode, buildEvent, EventOf, PlaceBetEvent } from '@casino/events';
import { ensureAccounts, playerAccount, Sql } from '@casino/wallet';
import { BetBatchStats, commandIds } from '../bets/bet-batch';
import { SeamlessStakes } from '../bets/bet-batch.repository';
import { dryRun } from '../transaction/dry-run';
import { TransactionContext } from '../transaction/transaction-context';
import { roundRefusal } from './seamless-policy';

/**
 * The batch decision of use-cases/bet-commands, handed in by its caller: that use case sets seamless bets aside
 * through this folder, so this folder never imports it back.
 */
export type DecideBetCommands = (
  ctx: TransactionContext,
  commands: readonly BetCommand[],
  opts: {
    seamlessStakes?: SeamlessStakes;
    shownBalances?: ReadonlyMap<string, bigint>;
    /** Seamless bets decided as free bets, never debited (seamless-free-bets.ts). */
    seamlessFreeBets?: boolean;
  },
) => Promise<BetBatchStats>;
export const DECIDE_BET_COMMANDS = Symbol('DECIDE_BET_COMMANDS');

/** Why the platform refuses a bet: a decision's code and message. */
export interface Refusal {
  code: BetRejectionCode;
  message: string;
}

/**
 * The platform's own rules tried on seamless bets before any debit, in the transaction that takes them in: their
 * round (roundRefusal), then the whole decision — restrictions, limits, responsible-gambling limits — as if the
 * stakes were funded, in a dry run rolled back. Returns the refusals by command id; the operator is never called
 * for those. A bet these checks pass can still be refused after its debit (a bet decided meanwhile, the round
 * closing during the call): its funded stake is then credited back.
 */
export async function refusalsBeforeDebit(
  ctx: TransactionContext,
  cmds: readonly PlaceBetEvent[],
  decide: DecideBetCommands,
): Promise<Map<string, Refusal>> {
  const statuses = await roundStatuses(ctx.sql, cmds);
  const refusals = new Map<string, Refusal>();
  const open: PlaceBetEvent[] = [];
  for (const cmd of cmds) {
    const refusal = roundRefusal(cmd, statuses.get(roundOf(cmd)));
    if (refusal) refusals.set(cmd.id, refusal);
    else open.push(cmd);
  }
  if (open.length === 0) return refusals;
  await dryRun(ctx, async (dry) => {
    // A new player's platform wallet is created here (and rolled back with the rest).
    await ensureAccounts(
      dry.sql,
      open.map((c) => playerAccount(c.operatorId, c.playerId, c.currency)),
    );
    await decide(dry, open, { seamlessStakes: 'assumed' });
    for (const e of dry.outbox.events)
      if (e.type === 'BetRejected') {
        const { commandId, code, message } = e as EventOf<'BetRejected'>;
        refusals.set(commandId, { code, message });
      }
  });
  return refusals;
}

/** The BetRejected of a seamless bet (the caller records its command as processed). */
export function betRejected(
  cmd: PlaceBetEvent,
  code: BetRejectionCode,
  message: string,
): EventOf<'BetRejected'> {
  return buildEvent('BetRejected', {
    ...commandIds(cmd),
    stake: cmd.stake,
    bet: cmd.bet,
    code,
    message: message.slice(0, 500),
  });
}

const roundOf = (cmd: PlaceBetEvent) => `${cmd.tableId}\u0000${cmd.roundId}`;

async function roundStatuses(sql: Sql, cmds: readonly PlaceBetEvent[]): Promise<Map<string, string>> {
  const rows = await sql.rows<{ table_id: string; round_id: string; status: string }>(
    `SELECT r.table_id, r.round_id, r.status FROM ledger_rounds r
     JOIN unnest($1::text[], $2::text[]) AS k(table_id, round_id)
       ON r.table_id = k.table_id AND r.round_id = k.round_id`,
    [cmds.map((c) => c.tableId), cmds.map((c) => c.roundId)],
  );
  return new Map(rows.map((r) => [`${r.table_id}\u0000${r.round_id}`, r.status]));
}
