import { BetRejectionCode, PlaceBetEvent } from '@casino/events';
import { DebitCall } from '@casino/operator-protocol';
import { observedWalletCall } from '../observability/seamless-metrics';
import { profiler } from '../observability/profiler';
import { recordProcessed } from '../transaction/processed-events';
import { TransactionContext } from '../transaction/transaction-context';
import { betRejected } from './seamless-check';
import { rejectionOfRefusal } from './seamless-policy';
import { SeamlessDeps } from './seamless-deps';
import { decideSeamlessFreeBet } from './seamless-free-bets';
import { moveBet, queueCall, SeamlessCallRow } from './seamless.repository';

/** A bet debited at its operator, to fund and decide. */
export interface DebitedBet {
  cmd: PlaceBetEvent;
  debitTx: string;
  /** The operator's balance after the debit, what BetAccepted shows the player. */
  shown: bigint;
  /** A version 2 bet: the debit call that took its stake with its slip's (seamless-batch-debit.ts). */
  callTx?: string;
}

/** An `ok` answer to a credit or rollback, to record. */
export interface AnsweredCall {
  row: SeamlessCallRow;
  operatorTransactionId: string | undefined;
  /** The player's balance at the operator after the call. */
  balance: bigint;
}

/** The transactions several bets in flight share (seamless-batches.ts). */
export interface SeamlessBatchPort {
  /** Posts the bet's funding and decides it. */
  decide(bet: DebitedBet): Promise<void>;
  /** Records an `ok` answer to a credit or rollback (seamless-calls.ts). */
  confirm(call: AnsweredCall): Promise<void>;
}

/**
 * One bet of a seamless operator's player (state `debiting`, the platform's own rules passed at intake): the
 * stake is debited at the operator (transaction id `debit:<commandId>`, so a repeat after a crash gets the first
 * answer again). `ok`: in one transaction the stake is posted from the operator's funding account (the float, the
 * counter-account of everything the operator's wallet holds) into the player's platform wallet and the bet decided
 * by the Kafka path's code (same locks: restrictions, limits, round state). Accepted, it waits for its round's
 * end; rejected, its funded stake is credited back (`refund`). BetAccepted carries the operator's balance after the
 * debit (the platform wallet holds only money in transit). A coded refusal rejects the bet with that code.
 * Anything else is unknown: the bet is rejected WALLET_UNAVAILABLE and a rollback of the debit is queued (retried
 * until the operator acknowledges it). A bet that may use a free bet is first tried as one, never debited
 * (seamless-free-bets.ts).
 */
export async function advanceSeamlessBet(
  deps: SeamlessDeps,
  batches: SeamlessBatchPort,
  cmd: PlaceBetEvent,
  debitTx: string,
): Promise<void> {
  // A bet that uses a free bet is decided without a debit (its stake is the operator's promotion).
  if (await decideSeamlessFreeBet(deps, cmd)) return;
  const shown = await debit(deps, cmd, debitTx);
  if (shown !== false) await batches.decide({ cmd, debitTx, shown });
}

/**
 * The debit at the operator: its balance after an `ok` (the caller funds and decides the bet next); else false,
 * the bet rejected here with the operator's code, or as unknown with a rollback queued.
 */
async function debit(deps: SeamlessDeps, cmd: PlaceBetEvent, debitTx: string): Promise<bigint | false> {
  const endpoint = await deps.endpoint(cmd.operatorId);
  const outcome = endpoint
    ? await profiler.time('seamless.debit-call', () =>
        observedWalletCall(cmd.operatorId, endpoint, 'debit', debitCall(cmd, debitTx), deps.timeoutMs),
      )
    : ({ kind: 'unknown', reason: 'no wallet URL or active key' } as const);
  if (outcome.kind === 'answered' && outcome.answer.status === 'ok') return outcome.answer.balance;
  if (outcome.kind === 'answered' && outcome.answer.status === 'refused') {
    const { code, message } = outcome.answer;
    await deps.transactions.run('tx.seamless.refused', async (ctx) => {
      if (await moveBet(ctx.sql, cmd.id, 'debiting', 'rejected', { rejectCode: code }))
        await rejectSeamlessBet(ctx, cmd, rejectionOfRefusal(code), `${code}: ${message}`);
    });
    return false;
  }
  const reason = outcome.kind === 'unknown' ? outcome.reason : 'unexpected answer';
  deps.log.warn(`seamless debit ${debitTx} at ${cmd.operatorId}: ${reason}; rejected, rolling back`);
  await deps.transactions.run('tx.seamless.unknown', async (ctx) => {
    if (!(await moveBet(ctx.sql, cmd.id, 'debiting', 'rolling_back', { lastError: reason }))) return;
    await queueCall(ctx.sql, {
      transactionId: `rollback:${cmd.id}`,
      operatorId: cmd.operatorId,
      commandId: cmd.id,
      call: 'rollback',
      body: {
        transactionId: `rollback:${cmd.id}`,
        playerId: cmd.playerId,
        currency: cmd.currency,
        debitTransactionId: debitTx,
        roundId: cmd.roundId,
        betId: cmd.id,
      },
      amount: 0n,
    });
    await rejectSeamlessBet(
      ctx,
      cmd,
      'WALLET_UNAVAILABLE',
      `the operator's wallet did not answer for sure (${reason})`,
    );
  });
  return false;
}

function debitCall(cmd: PlaceBetEvent, transactionId: string): DebitCall {
  return {
    transactionId,
    playerId: cmd.playerId,
    currency: cmd.currency,
    amount: cmd.stake,
    game: cmd.game,
    tableId: cmd.tableId,
    roundId: cmd.roundId,
    // The operator's bet id is the PlaceBet command's id: known before the decision, unique per stake.
    betId: cmd.id,
  };
}

/** Rejects the bet; its id recorded as processed, so no path decides the command again. */
export async function rejectSeamlessBet(
  ctx: TransactionContext,
  cmd: PlaceBetEvent,
  code: BetRejectionCode,
  message: string,
): Promise<void> {
  await recordProcessed(ctx.sql, cmd.id);
  ctx.outbox.add(betRejected(cmd, code, message));
}
