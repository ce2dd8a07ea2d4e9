import { BetCommand, buildEvent, BetRejectionCode, EventOf, PlaceBetEvent } from '@casino/events';
import { callOperatorWallet, DebitCall, WalletEndpoint } from '@casino/operator-protocol';
import { fundingAccount, houseAccount, playerAccount, TransferRequest, WalletService } from '@casino/wallet';
import { BetBatchStats, commandIds } from '../bets/bet-batch';
import { recordProcessed } from '../transaction/processed-events';
import { TransactionContext } from '../transaction/transaction-context';
import { TransactionRunner } from '../transaction/transaction.runner';
import { debitTxOf, storedCommand } from './seamless-intake';
import { rejectionOfRefusal, roundRefusal } from './seamless-policy';
import { moveBet, queueCall, SeamlessBetRow } from './seamless.repository';

/**
 * The batch decision of use-cases/bet-commands, handed in by the app module: that use case sets seamless bets
 * aside through this folder, so this folder never imports it back.
 */
export type DecideBetCommands = (
  ctx: TransactionContext,
  commands: readonly BetCommand[],
  opts: { fundedSeamless?: boolean; shownBalance?: bigint },
) => Promise<BetBatchStats>;
export const DECIDE_BET_COMMANDS = Symbol('DECIDE_BET_COMMANDS');

export interface SeamlessDeps {
  decide: DecideBetCommands;
  transactions: TransactionRunner;
  wallet: WalletService;
  endpoint(operatorId: string): Promise<WalletEndpoint | undefined>;
  timeoutMs: number;
  log: { warn(message: string): void };
}

/**
 * One bet of a seamless operator's player, from where it stands:
 * - `debiting`: the stake is debited at the operator (transaction id `debit:<commandId>`, so a repeat after a
 *   crash gets the first answer again). `ok`: the stake is posted from the operator's funding account (the float,
 *   the counter-account of everything the operator's wallet holds) into the player's platform wallet, and the bet
 *   is `funded`. A coded refusal rejects the bet with that code. Anything else is unknown: the bet is rejected
 *   WALLET_UNAVAILABLE and a rollback of the debit is queued (retried until the operator acknowledges it).
 * - `funded`: the bet is decided by the same code as the Kafka path (same locks: restrictions, limits, round
 *   state). Accepted, it waits for its round's end; rejected, its funded stake is credited back (`refund`).
 *   BetAccepted carries the operator's balance after the debit (the platform wallet holds only money in transit).
 */
export async function advanceSeamlessBet(deps: SeamlessDeps, row: SeamlessBetRow): Promise<void> {
  const cmd = storedCommand(row.command);
  let shown: bigint | undefined;
  if (row.state === 'debiting') {
    if (await refusedBeforeDebit(deps, cmd)) return;
    const funded = await debit(deps, row, cmd);
    if (funded === false) return;
    shown = funded;
  } else {
    // Funded before a restart: the debit's answer is gone, so the operator is asked (undefined if it does not say).
    shown = await operatorBalance(deps, cmd.operatorId, cmd.playerId, cmd.currency);
  }
  await decideFunded(deps, cmd, shown);
}

/**
 * The player's balance at the operator (a `balance` call), or undefined when the wallet does not answer for sure:
 * what the player is shown then is the platform's figure until the next answer.
 */
export async function operatorBalance(
  deps: Pick<SeamlessDeps, 'endpoint' | 'timeoutMs'>,
  operatorId: string,
  playerId: string,
  currency: string,
): Promise<bigint | undefined> {
  const endpoint = await deps.endpoint(operatorId);
  if (!endpoint) return undefined;
  const outcome = await callOperatorWallet(endpoint, 'balance', { playerId, currency }, deps.timeoutMs);
  return outcome.kind === 'answered' && outcome.answer.status === 'ok' ? outcome.answer.balance : undefined;
}

/**
 * True when the platform's own rules refuse the bet before any debit: its round (roundRefusal), or the whole
 * decision — restrictions, limits, responsible-gambling limits — tried as if the stake were funded, in a
 * transaction rolled back at the end (`wouldReject`). Refused, the bet is rejected with the decision's code and the
 * operator is never called. A bet these checks pass can still be refused after its debit (a bet decided meanwhile
 * by another path, the round closing during the call): its funded stake is then credited back (decideFunded).
 */
async function refusedBeforeDebit(deps: SeamlessDeps, cmd: PlaceBetEvent): Promise<boolean> {
  const [round] = await deps.transactions.run('tx.seamless.round', (ctx) =>
    ctx.sql.rows<{ status: string }>(
      `SELECT status FROM ledger_rounds WHERE table_id = $1 AND round_id = $2`,
      [cmd.tableId, cmd.roundId],
    ),
  );
  const refusal = roundRefusal(cmd, round?.status) ?? (await wouldReject(deps, cmd));
  if (!refusal) return false;
  await deps.transactions.run('tx.seamless.refused-before-debit', async (ctx) => {
    if (await moveBet(ctx.sql, cmd.id, 'debiting', 'rejected', { rejectCode: refusal.code }))
      await reject(ctx, cmd, refusal.code, refusal.message);
  });
  return true;
}

/** Thrown to roll a dry run back, carrying its verdict. */
class DryRunVerdict extends Error {
  constructor(readonly rejection: { code: BetRejectionCode; message: string } | undefined) {
    super('dry run');
  }
}

/** The decision's rejection of the bet were its stake funded now, from a transaction that is rolled back. */
async function wouldReject(
  deps: SeamlessDeps,
  cmd: PlaceBetEvent,
): Promise<{ code: BetRejectionCode; message: string } | undefined> {
  try {
    await deps.transactions.run('tx.seamless.dry-run', async (ctx) => {
      // Funded from an account of this dry run alone, not the operator's float: the float's row lock would make
      // every bet of the operator wait for this whole decision (the real funding takes it only briefly).
      await deps.wallet.transfer(
        {
          idempotencyKey: `seamless-dry-run:${cmd.id}`,
          kind: 'deposit',
          reference: debitTxOf(cmd.id),
          currency: cmd.currency,
          lines: [
            {
              account: houseAccount(cmd.operatorId, 'seamless-dry-run', cmd.id, cmd.currency),
              amount: -cmd.stake,
            },
            { account: playerAccount(cmd.operatorId, cmd.playerId, cmd.currency), amount: cmd.stake },
          ],
        },
        ctx.sql,
      );
      await deps.decide(ctx, [cmd], { fundedSeamless: true });
      const rejected = ctx.outbox.events.find(
        (e): e is EventOf<'BetRejected'> => e.type === 'BetRejected' && e.commandId === cmd.id,
      );
      throw new DryRunVerdict(rejected && { code: rejected.code, message: rejected.message });
    });
  } catch (err) {
    if (err instanceof DryRunVerdict) return err.rejection;
    throw err;
  }
  return undefined;
}

/** The funding entry of a debited stake: from the operator's float to the player's platform wallet. */
function fundingTransfer(cmd: PlaceBetEvent, debitTx: string): TransferRequest {
  return {
    idempotencyKey: `seamless:${debitTx}`,
    kind: 'deposit',
    reference: debitTx,
    currency: cmd.currency,
    lines: [
      { account: fundingAccount(cmd.operatorId, cmd.currency), amount: -cmd.stake },
      { account: playerAccount(cmd.operatorId, cmd.playerId, cmd.currency), amount: cmd.stake },
    ],
  };
}

/** The operator's balance after the debit when the bet is funded (the caller decides it next); else false. */
async function debit(deps: SeamlessDeps, row: SeamlessBetRow, cmd: PlaceBetEvent): Promise<bigint | false> {
  const endpoint = await deps.endpoint(cmd.operatorId);
  const outcome = endpoint
    ? await callOperatorWallet(endpoint, 'debit', debitCall(cmd, row.debit_tx), deps.timeoutMs)
    : ({ kind: 'unknown', reason: 'no wallet URL or active key' } as const);
  if (outcome.kind === 'answered' && outcome.answer.status === 'ok') {
    const balance = outcome.answer.balance;
    return deps.transactions.run('tx.seamless.fund', async (ctx) => {
      if (!(await moveBet(ctx.sql, cmd.id, 'debiting', 'funded'))) return false;
      await deps.wallet.transfer(fundingTransfer(cmd, row.debit_tx), ctx.sql);
      return balance;
    });
  }
  if (outcome.kind === 'answered' && outcome.answer.status === 'refused') {
    const { code, message } = outcome.answer;
    await deps.transactions.run('tx.seamless.refused', async (ctx) => {
      if (await moveBet(ctx.sql, cmd.id, 'debiting', 'rejected', { rejectCode: code }))
        await reject(ctx, cmd, rejectionOfRefusal(code), `${code}: ${message}`);
    });
    return false;
  }
  const reason = outcome.kind === 'unknown' ? outcome.reason : 'unexpected answer';
  deps.log.warn(`seamless debit ${row.debit_tx} at ${cmd.operatorId}: ${reason}; rejected, rolling back`);
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
        debitTransactionId: row.debit_tx,
        roundId: cmd.roundId,
        betId: cmd.id,
      },
      amount: 0n,
    });
    await reject(ctx, cmd, 'WALLET_UNAVAILABLE', `the operator's wallet did not answer for sure (${reason})`);
  });
  return false;
}

async function decideFunded(
  deps: SeamlessDeps,
  cmd: PlaceBetEvent,
  shown: bigint | undefined,
): Promise<void> {
  await deps.transactions.run('tx.seamless.decide', async (ctx) => {
    const [bet] = await ctx.sql.rows<{ state: string }>(
      `SELECT state FROM ledger_seamless_bets WHERE command_id = $1 FOR UPDATE`,
      [cmd.id],
    );
    if (bet?.state !== 'funded') return;
    const stats = await deps.decide(ctx, [cmd], { fundedSeamless: true, shownBalance: shown });
    if (stats.accepted === 1) {
      await moveBet(ctx.sql, cmd.id, 'funded', 'accepted');
      return;
    }
    // Rejected by the decision (or decided before, on the transfer path): the funded stake goes back.
    await moveBet(ctx.sql, cmd.id, 'funded', 'rejected', { rejectCode: 'DECISION' });
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
        debitTransactionId: `debit:${cmd.id}`,
        roundId: cmd.roundId,
        betId: cmd.id,
      },
      amount: cmd.stake,
    });
  });
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
async function reject(
  ctx: TransactionContext,
  cmd: PlaceBetEvent,
  code: BetRejectionCode,
  message: string,
): Promise<void> {
  await recordProcessed(ctx.sql, cmd.id);
  ctx.outbox.add(
    buildEvent('BetRejected', {
      ...commandIds(cmd),
      stake: cmd.stake,
      bet: cmd.bet,
      code,
      message: message.slice(0, 500),
    }),
  );
}
