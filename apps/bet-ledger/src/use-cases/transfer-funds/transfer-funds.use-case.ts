import { buildEvent } from '@casino/events';
import {
  accountKey,
  ensureAccounts,
  fundingAccount,
  lockAccounts,
  playerAccount,
  WalletService,
} from '@casino/wallet';
import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { LedgerError, LedgerErrorCode } from '../../errors/ledger.errors';
import { balanceCeilings } from '../../config/balance-ceilings';
import { MAX_LEDGER_AMOUNT, OperatorAccount } from '../../operators/operator-account';
import {
  depositedToday,
  lockedOperatorTransaction,
  recordOperatorTransaction,
} from '../../operators/operator-deposits.repository';
import { registerPlayer } from '../../operators/player.repository';
import { TransactionContext } from '../../transaction/transaction-context';
import { TransactionRunner } from '../../transaction/transaction.runner';

export type TransferKind = 'deposit' | 'withdrawal';

export interface TransferCommand {
  kind: TransferKind;
  playerId: string;
  /** The operator's id of the transaction: its idempotency key, scoped to the operator. */
  transactionId: string;
  currency: string;
  /** Minor units as sent (a decimal string); checked here so that any malformed amount gets INVALID_AMOUNT. */
  amount: string;
}

export interface TransferReceipt {
  transactionId: string;
  kind: TransferKind;
  playerId: string;
  currency: string;
  amount: string;
  balance: string;
  createdAt: string;
}

/** The answer to a transaction, first time or replayed: a receipt, or a refusal with its code. */
export type TransferOutcome =
  | { ok: true; receipt: TransferReceipt; replayed: boolean }
  | { ok: false; code: LedgerErrorCode; message: string; replayed: boolean };

/**
 * The transfer wallet: an operator moves money between its own books and a player's wallet here. The
 * transactionId is the idempotency key per operator: the first answer (receipt or refusal) is stored with a hash of
 * the request, and the same id with the same request gets that answer again; with another request,
 * IDEMPOTENCY_KEY_REUSED and nothing changes. Amounts that are not positive 64-bit integers are refused before any
 * of that (INVALID_AMOUNT, not recorded: nothing was decided).
 */
@Injectable()
export class TransferFundsUseCase {
  private readonly wallet: WalletService;

  constructor(
    dataSource: DataSource,
    private readonly transactions: TransactionRunner,
  ) {
    this.wallet = new WalletService(dataSource);
  }

  async execute(operator: OperatorAccount, cmd: TransferCommand): Promise<TransferOutcome> {
    if (!/^[1-9][0-9]{0,19}$/.test(cmd.amount) || BigInt(cmd.amount) > MAX_LEDGER_AMOUNT) {
      throw new LedgerError('INVALID_AMOUNT', 'amount must be a positive integer of minor units below 2^63');
    }
    const amount = BigInt(cmd.amount);
    const hash = createHash('sha256')
      .update(JSON.stringify([cmd.kind, cmd.playerId, cmd.currency, cmd.amount]))
      .digest('hex');
    return this.transactions.run('tx.transfer', async (ctx) => {
      const seen = await lockedOperatorTransaction<StoredResponse>(
        ctx.sql,
        operator.operatorId,
        cmd.transactionId,
      );
      if (seen) {
        if (seen.requestHash !== hash) {
          throw new LedgerError(
            'IDEMPOTENCY_KEY_REUSED',
            `transaction ${cmd.transactionId} was used with a different request`,
          );
        }
        return replay(seen.response);
      }
      const outcome = await this.decide(ctx, operator, cmd, amount);
      const response: StoredResponse = outcome.ok
        ? { receipt: outcome.receipt }
        : { code: outcome.code, message: outcome.message };
      await recordOperatorTransaction(ctx.sql, {
        operatorId: operator.operatorId,
        transactionId: cmd.transactionId,
        kind: cmd.kind,
        playerId: cmd.playerId,
        currency: cmd.currency,
        amount: cmd.amount,
        requestHash: hash,
        booked: outcome.ok,
        response,
      });
      return outcome;
    });
  }

  private async decide(
    ctx: TransactionContext,
    operator: OperatorAccount,
    cmd: TransferCommand,
    amount: bigint,
  ): Promise<TransferOutcome> {
    const refuse = (code: LedgerErrorCode, message: string): TransferOutcome => ({
      ok: false,
      code,
      message,
      replayed: false,
    });
    if (!operator.currencies.includes(cmd.currency))
      return refuse('CURRENCY_NOT_SUPPORTED', `${operator.operatorId} does not offer ${cmd.currency}`);
    const ref = { operatorId: operator.operatorId, playerId: cmd.playerId, currency: cmd.currency };
    if (cmd.kind === 'deposit') {
      if ((await registerPlayer(ctx.sql, operator.operatorId, cmd.playerId)) !== 'active')
        return refuse('PLAYER_SUSPENDED', `player ${cmd.playerId} is suspended`);
    }
    // The wallet row is locked before its balance is read, so concurrent transfers see each other's effect.
    const spec = playerAccount(operator.operatorId, cmd.playerId, cmd.currency);
    const funding = fundingAccount(operator.operatorId, cmd.currency);
    await ensureAccounts(ctx.sql, [spec, funding]);
    const locked = await lockAccounts(ctx.sql, [accountKey(spec), accountKey(funding)]);
    const before = locked.get(accountKey(spec))?.balance ?? 0n;
    const fundingBefore = locked.get(accountKey(funding))?.balance ?? 0n;
    const idempotencyKey = `operator:${operator.operatorId}:${cmd.kind}:${cmd.transactionId}`;
    let balance: bigint;
    if (cmd.kind === 'deposit') {
      const problem = await depositProblem(ctx, operator, cmd.currency, amount, before, fundingBefore);
      if (problem) return refuse(problem.code, problem.message);
      await this.wallet.deposit({ ...ref, idempotencyKey, amount, reference: cmd.transactionId }, ctx.sql);
      balance = before + amount;
    } else {
      if (before < amount) return refuse('INSUFFICIENT_FUNDS', `the balance is ${before}, below ${amount}`);
      await this.wallet.withdraw({ ...ref, idempotencyKey, amount, reference: cmd.transactionId }, ctx.sql);
      balance = before - amount;
    }
    ctx.outbox.add(
      buildEvent('BalanceChanged', {
        ...ref,
        reason: cmd.kind,
        delta: cmd.kind === 'deposit' ? amount : -amount,
        balance,
      }),
    );
    return {
      ok: true,
      replayed: false,
      receipt: {
        transactionId: cmd.transactionId,
        kind: cmd.kind,
        playerId: cmd.playerId,
        currency: cmd.currency,
        amount: cmd.amount,
        balance: balance.toString(),
        createdAt: new Date().toISOString(),
      },
    };
  }
}

/**
 * The caps a signed deposit meets, in order: the operator's per deposit, the ledger's balance ceiling of the
 * currency, the operator's maximum balance, and its deposits of the UTC day.
 */
async function depositProblem(
  ctx: TransactionContext,
  operator: OperatorAccount,
  currency: string,
  amount: bigint,
  before: bigint,
  fundingBefore: bigint,
): Promise<{ code: LedgerErrorCode; message: string } | undefined> {
  if (operator.maxDeposit !== null && amount > operator.maxDeposit)
    return { code: 'LIMIT_EXCEEDED', message: `a deposit may be at most ${operator.maxDeposit}` };
  const ceiling = balanceCeilings.of(currency);
  if (before + amount > ceiling)
    return {
      code: 'BALANCE_CEILING_EXCEEDED',
      message: `a ${currency} wallet may hold at most ${ceiling}; it holds ${before}`,
    };
  if (fundingBefore - amount < -MAX_LEDGER_AMOUNT - 1n)
    return {
      code: 'INVALID_AMOUNT',
      message: "the operator's funding account would exceed what the ledger holds",
    };
  if (operator.maxBalance !== null && before + amount > operator.maxBalance)
    return { code: 'LIMIT_EXCEEDED', message: `a balance may be at most ${operator.maxBalance}` };
  if (operator.maxDailyDeposits !== null) {
    const today = await depositedToday(ctx.sql, operator.operatorId, currency);
    if (today + amount > operator.maxDailyDeposits)
      return {
        code: 'DAILY_DEPOSIT_LIMIT_EXCEEDED',
        message: `${currency} deposits of a UTC day may total at most ${operator.maxDailyDeposits}; ${today} today`,
      };
  }
  return undefined;
}

type StoredResponse = { receipt: TransferReceipt } | { code: LedgerErrorCode; message: string };

function replay(r: StoredResponse): TransferOutcome {
  return 'receipt' in r
    ? { ok: true, receipt: r.receipt, replayed: true }
    : { ok: false, code: r.code, message: r.message, replayed: true };
}
