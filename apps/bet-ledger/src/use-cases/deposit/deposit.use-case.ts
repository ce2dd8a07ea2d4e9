import { buildEvent, isFunOperatorId } from '@casino/events';
import {
  accountKey,
  ensureAccounts,
  lockAccounts,
  playerAccount,
  WalletError,
  WalletService,
} from '@casino/wallet';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { balanceCeilings } from '../../config/balance-ceilings';
import { LedgerError } from '../../errors/ledger.errors';
import {
  claimBackOfficeDeposit,
  backOfficeDepositJournalKey,
} from '../../operators/backoffice-deposits.repository';
import { TransactionRunner } from '../../transaction/transaction.runner';

export interface DepositCommand {
  operatorId: string;
  playerId: string;
  currency: string;
  amount: bigint;
  /** The caller's key, scoped to the operator: the same key deposits once. */
  idempotencyKey: string;
  reference?: string;
}

export interface DepositResult {
  duplicate: boolean;
  balance: bigint;
  currency: string;
}

/**
 * Funds a player's wallet from the operator's funding account (the back office's route), once per key of the
 * operator, and announces the new balance. The key is stored with its request: the same key with the same player,
 * currency and amount answers `duplicate` and changes nothing; with another request, IDEMPOTENCY_KEY_REUSED (as
 * the signed /v1 deposits do). A deposit that would take the wallet above the currency's balance ceiling is
 * refused (BALANCE_CEILING_EXCEEDED).
 */
@Injectable()
export class DepositUseCase {
  private readonly wallet: WalletService;

  constructor(
    dataSource: DataSource,
    private readonly transactions: TransactionRunner,
  ) {
    this.wallet = new WalletService(dataSource);
  }

  async execute(cmd: DepositCommand): Promise<DepositResult> {
    // Play money comes from fun launches only (operators/fun-book.ts), never from a deposit.
    if (isFunOperatorId(cmd.operatorId)) throw new LedgerError('PLAY_MONEY_BOOK');
    const ref = { operatorId: cmd.operatorId, playerId: cmd.playerId, currency: cmd.currency };
    const spec = playerAccount(cmd.operatorId, cmd.playerId, cmd.currency);
    try {
      return await this.transactions.run('tx.deposit', async (ctx) => {
        const claim = await claimBackOfficeDeposit(ctx.sql, cmd);
        if (claim === 'reused')
          throw new LedgerError(
            'IDEMPOTENCY_KEY_REUSED',
            `idempotency key ${cmd.idempotencyKey} was used with a different deposit`,
          );
        await ensureAccounts(ctx.sql, [spec]);
        const locked = await lockAccounts(ctx.sql, [accountKey(spec)]);
        const before = locked.get(accountKey(spec))?.balance ?? 0n;
        if (claim === 'seen') return { duplicate: true, balance: before, currency: cmd.currency };
        const ceiling = balanceCeilings.of(cmd.currency);
        if (before + cmd.amount > ceiling)
          throw new LedgerError(
            'BALANCE_CEILING_EXCEEDED',
            `a ${cmd.currency} wallet may hold at most ${ceiling}; it holds ${before}`,
          );
        const r = await this.wallet.deposit(
          {
            ...ref,
            idempotencyKey: backOfficeDepositJournalKey(cmd.operatorId, cmd.idempotencyKey),
            amount: cmd.amount,
            reference: cmd.reference,
          },
          ctx.sql,
        );
        const balance = r.balances.get(accountKey(spec));
        if (balance === undefined) throw new Error('a deposit leaves the wallet with a balance');
        ctx.outbox.add(
          buildEvent('BalanceChanged', { ...ref, reason: 'deposit', delta: cmd.amount, balance }),
        );
        return { duplicate: false, balance, currency: cmd.currency };
      });
    } catch (err) {
      if (err instanceof WalletError) throw new LedgerError(err.code, err.message);
      throw err;
    }
  }
}
