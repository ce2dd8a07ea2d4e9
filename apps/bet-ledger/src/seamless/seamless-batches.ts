import { EventOf, PlaceBetEvent } from '@casino/events';
import { fundingAccount, playerAccount, Sql } from '@casino/wallet';
import { ensureAccountIds } from './seamless-accounts';
import { confirmCalls } from './seamless-calls';
import { GroupCommit } from './group-commit';
import { debitTxOf } from './seamless-intake';
import { SeamlessDeps } from './seamless-deps';
import { AnsweredCall, DebitedBet, SeamlessBatchPort } from './seamless-funding';
import { queueCall } from './seamless.repository';
import { refundV2Body } from './seamless-v2-calls';

/** The most bets or calls one transaction decides or confirms (a Kafka batch of the transfer path is of the same order). */
const MAX_BETS_PER_TRANSACTION = 200;

/**
 * The transactions of the seamless bets in flight, shared (group commit): every debited bet waiting goes into one
 * decision, every answered credit and rollback into one confirmation. Deciding each bet in transactions of its own
 * made the bets of a round wait in line for the round's and the players' row locks, tens of milliseconds each.
 */
export class SeamlessBatches implements SeamlessBatchPort {
  private readonly decisions: GroupCommit<DebitedBet, void>;
  private readonly confirmations: GroupCommit<AnsweredCall, void>;

  constructor(deps: SeamlessDeps) {
    this.decisions = new GroupCommit((bets) => decideDebited(deps, bets), MAX_BETS_PER_TRANSACTION);
    this.confirmations = new GroupCommit((calls) => confirmCalls(deps, calls), MAX_BETS_PER_TRANSACTION);
  }

  decide(bet: DebitedBet): Promise<void> {
    return this.decisions.submit(bet);
  }

  confirm(call: AnsweredCall): Promise<void> {
    return this.confirmations.submit(call);
  }
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
    const refusedBets = ready.filter((b) => !accepted.has(b.cmd.id));
    const refused = refusedBets.map((b) => b.cmd);
    await ctx.sql.rows(
      `UPDATE ledger_seamless_bets SET
         state = CASE WHEN command_id = ANY($2::text[]) THEN 'rejected' ELSE 'accepted' END,
         reject_code = CASE WHEN command_id = ANY($2::text[]) THEN 'DECISION' ELSE reject_code END,
         next_attempt_at = now(), updated_at = now()
       WHERE command_id = ANY($1::text[])`,
      [[...ids], refused.map((c) => c.id)],
    );
    await queueRefundsV2(ctx.sql, refusedBets);
    for (const cmd of refusedBets.filter((b) => b.callTx === undefined).map((b) => b.cmd))
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

/**
 * The refunds of version 2 bets refused after their debit (a race with the round's end): each at once in a v2
 * credit of its own, `credit:<commandId>` as in version 1 (so ledger:verify finds it), not closing the round.
 */
async function queueRefundsV2(sql: Sql, refused: readonly DebitedBet[]): Promise<void> {
  for (const { cmd, callTx } of refused) {
    if (callTx === undefined) continue;
    await queueCall(sql, {
      transactionId: `credit:${cmd.id}`,
      operatorId: cmd.operatorId,
      commandId: cmd.id,
      call: 'credit',
      body: refundV2Body(callTx, cmd),
      amount: cmd.stake,
      protocol: 2,
    });
  }
}

const walletOf = (cmd: PlaceBetEvent) => playerAccount(cmd.operatorId, cmd.playerId, cmd.currency);
