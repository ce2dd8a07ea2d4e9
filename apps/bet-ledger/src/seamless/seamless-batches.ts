import { EventOf, PlaceBetEvent } from '@casino/events';
import { ensureAccounts, fundingAccount, playerAccount, Sql } from '@casino/wallet';
import { ensureAccountIds } from './seamless-accounts';
import { confirmCalls } from './seamless-calls';
import { GroupCommit } from './group-commit';
import { debitTxOf } from './seamless-intake';
import { roundRefusal } from './seamless-policy';
import {
  AnsweredCall,
  DebitedBet,
  Refusal,
  rejectSeamlessBet,
  SeamlessBatchPort,
  SeamlessDeps,
} from './seamless-funding';
import { moveBet, queueCall } from './seamless.repository';

/** The most bets one transaction checks or decides (a Kafka batch of the transfer path is of the same order). */
const MAX_BETS_PER_TRANSACTION = 200;

/**
 * The transactions of the seamless bets in flight, shared: every bet waiting for its check before the debit goes
 * into one dry run, every debited bet into one decision, every answered credit and rollback into one confirmation
 * (group commit). Deciding each bet in transactions of its
 * own made the bets of a round wait in line for the round's and the players' row locks, tens of milliseconds each.
 */
export class SeamlessBatches implements SeamlessBatchPort {
  private readonly checks: GroupCommit<PlaceBetEvent, boolean>;
  private readonly decisions: GroupCommit<DebitedBet, void>;
  private readonly confirmations: GroupCommit<AnsweredCall, void>;

  constructor(deps: SeamlessDeps) {
    this.checks = new GroupCommit((cmds) => refuseBeforeDebit(deps, cmds), MAX_BETS_PER_TRANSACTION);
    this.decisions = new GroupCommit((bets) => decideDebited(deps, bets), MAX_BETS_PER_TRANSACTION);
    this.confirmations = new GroupCommit((calls) => confirmCalls(deps, calls), MAX_BETS_PER_TRANSACTION);
  }

  refusedBeforeDebit(cmd: PlaceBetEvent): Promise<boolean> {
    return this.checks.submit(cmd);
  }

  decide(bet: DebitedBet): Promise<void> {
    return this.decisions.submit(bet);
  }

  confirm(call: AnsweredCall): Promise<void> {
    return this.confirmations.submit(call);
  }
}

/**
 * Rejects, before any debit, the bets the platform's own rules refuse: their round (roundRefusal), or the whole
 * decision — restrictions, limits, responsible-gambling limits — tried as if the stakes were funded (dryRun). The
 * operator is never called for them. A bet these checks pass can still be refused after its debit (a bet decided
 * meanwhile by another path, the round closing during the call): its funded stake is then credited back.
 */
async function refuseBeforeDebit(deps: SeamlessDeps, cmds: PlaceBetEvent[]): Promise<boolean[]> {
  const refusals = await dryRun(deps, cmds);
  if (refusals.size > 0)
    await deps.transactions.run('tx.seamless.refused-before-debit', async (ctx) => {
      for (const cmd of cmds) {
        const refusal = refusals.get(cmd.id);
        if (refusal && (await moveBet(ctx.sql, cmd.id, 'debiting', 'rejected', { rejectCode: refusal.code })))
          await rejectSeamlessBet(ctx, cmd, refusal.code, refusal.message);
      }
    });
  return cmds.map((cmd) => refusals.has(cmd.id));
}

/** Thrown to roll a dry run back, carrying its verdicts. */
class DryRunVerdict extends Error {
  constructor(readonly refusals: Map<string, Refusal>) {
    super('dry run');
  }
}

/** The refusals of the bets were their stakes funded now, by id, from a transaction that is rolled back. */
async function dryRun(deps: SeamlessDeps, cmds: PlaceBetEvent[]): Promise<Map<string, Refusal>> {
  try {
    await deps.transactions.run('tx.seamless.dry-run', async (ctx) => {
      const statuses = await roundStatuses(ctx.sql, cmds);
      const refusals = new Map<string, Refusal>();
      const open: PlaceBetEvent[] = [];
      for (const cmd of cmds) {
        const refusal = roundRefusal(cmd, statuses.get(roundOf(cmd)));
        if (refusal) refusals.set(cmd.id, refusal);
        else open.push(cmd);
      }
      if (open.length > 0) {
        // A new player's platform wallet is created here (and rolled back with the rest).
        await ensureAccounts(ctx.sql, open.map(walletOf));
        await deps.decide(ctx, open, { seamlessStakes: 'assumed' });
        for (const e of ctx.outbox.events)
          if (e.type === 'BetRejected') {
            const { commandId, code, message } = e as EventOf<'BetRejected'>;
            refusals.set(commandId, { code, message });
          }
      }
      throw new DryRunVerdict(refusals);
    });
  } catch (err) {
    if (err instanceof DryRunVerdict) return err.refusals;
    throw err;
  }
  throw new Error('a dry run must end in its verdict');
}

/**
 * In one transaction: posts the funding entry of each bet still `debiting` (one another worker moved on since is
 * left alone) from its operator's float to the player's platform wallet, decides them all with the Kafka path's
 * code, and moves each to `accepted`, or to `rejected` with a refund of its funded stake queued (refused by the
 * decision, or decided before on the transfer path).
 */
async function decideDebited(deps: SeamlessDeps, bets: DebitedBet[]): Promise<void[]> {
  await deps.transactions.run('tx.seamless.decide', async (ctx) => {
    const mine = await ctx.sql.rows<{ command_id: string }>(
      `SELECT command_id FROM ledger_seamless_bets WHERE command_id = ANY($1::text[]) AND state = 'debiting'
       ORDER BY command_id FOR UPDATE`,
      [bets.map((b) => b.cmd.id)],
    );
    const ids = new Set(mine.map((r) => r.command_id));
    // In the order the bets came, as the Kafka path decides.
    const ready = bets.filter((b) => ids.has(b.cmd.id));
    if (ready.length === 0) return;
    const idOf = await ensureAccountIds(ctx.sql, [
      ...ready.map((b) => walletOf(b.cmd)),
      ...ready.map((b) => fundingAccount(b.cmd.operatorId, b.cmd.currency)),
    ]);
    for (const { cmd, debitTx } of ready)
      ctx.postings.add({
        idempotencyKey: `seamless:${debitTx}`,
        kind: 'deposit',
        reference: debitTx,
        currency: cmd.currency,
        lines: [
          { accountId: idOf(fundingAccount(cmd.operatorId, cmd.currency)), amount: -cmd.stake },
          { accountId: idOf(walletOf(cmd)), amount: cmd.stake },
        ],
      });
    const shownBalances = new Map(ready.map((b) => [b.cmd.id, b.shown] as const));
    await deps.decide(
      ctx,
      ready.map((b) => b.cmd),
      { seamlessStakes: 'funded', shownBalances },
    );
    const accepted = new Set(
      ctx.outbox.events
        .filter((e) => e.type === 'BetAccepted')
        .map((e) => (e as EventOf<'BetAccepted'>).commandId),
    );
    const refused = ready.filter((b) => !accepted.has(b.cmd.id)).map((b) => b.cmd);
    await ctx.sql.rows(
      `UPDATE ledger_seamless_bets SET
         state = CASE WHEN command_id = ANY($2::text[]) THEN 'rejected' ELSE 'accepted' END,
         reject_code = CASE WHEN command_id = ANY($2::text[]) THEN 'DECISION' ELSE reject_code END,
         next_attempt_at = now(), updated_at = now()
       WHERE command_id = ANY($1::text[])`,
      [[...ids], refused.map((c) => c.id)],
    );
    for (const cmd of refused)
      await queueCall(ctx.sql, {
        transactionId: `credit:${cmd.id}`,
        operatorId: cmd.operatorId,
        commandId: cmd.id,
        call: 'credit',
        body: {
          transactionId: `credit:${cmd.id}`,
          playerId: cmd.playerId,
          currency: cmd.currency,
          amount: cmd.stake.toString(),
          kind: 'refund',
          debitTransactionId: debitTxOf(cmd.id),
          roundId: cmd.roundId,
          betId: cmd.id,
        },
        amount: cmd.stake,
      });
  });
  return bets.map(() => undefined);
}

const walletOf = (cmd: PlaceBetEvent) => playerAccount(cmd.operatorId, cmd.playerId, cmd.currency);

const roundOf = (cmd: PlaceBetEvent) => `${cmd.tableId}\u0000${cmd.roundId}`;

async function roundStatuses(sql: Sql, cmds: PlaceBetEvent[]): Promise<Map<string, string>> {
  const rows = await sql.rows<{ table_id: string; round_id: string; status: string }>(
    `SELECT r.table_id, r.round_id, r.status FROM ledger_rounds r
     JOIN unnest($1::text[], $2::text[]) AS k(table_id, round_id)
       ON r.table_id = k.table_id AND r.round_id = k.round_id`,
    [cmds.map((c) => c.tableId), cmds.map((c) => c.roundId)],
  );
  return new Map(rows.map((r) => [`${r.table_id}\u0000${r.round_id}`, r.status]));
}
