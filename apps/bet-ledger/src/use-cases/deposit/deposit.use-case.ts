import { buildEvent } from '@casino/events';
import { accountKey, playerAccount, WalletError, WalletService } from '@casino/wallet';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LedgerError } from '../../errors/ledger.errors';
import { TransactionRunner } from '../../transaction/transaction.runner';

export interface DepositCommand {
  operatorId: string;
  playerId: string;
  currency: string;
  amount: bigint;
  /** The caller's key: the same key deposits once. */
  idempotencyKey: string;
  reference?: string;
}

export interface DepositResult {
  duplicate: boolean;
  balance: bigint;
  currency: string;
}

/** Funds a player's wallet from the operator's funding account, once per key, and announces the new balance. */
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
    const ref = { operatorId: cmd.operatorId, playerId: cmd.playerId, currency: cmd.currency };
    try {
      return await this.transactions.run('tx.deposit', async (ctx) => {
        const r = await this.wallet.deposit(
          {
            ...ref,
            idempotencyKey: `deposit:${cmd.operatorId}:${cmd.idempotencyKey}`,
            amount: cmd.amount,
            reference: cmd.reference,
          },
          ctx.sql,
        );
        const balance = r.balances.get(accountKey(playerAccount(cmd.operatorId, cmd.playerId, cmd.currency)));
        if (balance === undefined) throw new Error('a deposit leaves the wallet with a balance');
        if (!r.duplicate) {
          ctx.outbox.add(
            buildEvent('BalanceChanged', { ...ref, reason: 'deposit', delta: cmd.amount, balance }),
          );
        }
        return { duplicate: r.duplicate, balance, currency: cmd.currency };
      });
    } catch (err) {
      if (err instanceof WalletError) throw new LedgerError(err.code, err.message);
      throw err;
    }
  }
}
