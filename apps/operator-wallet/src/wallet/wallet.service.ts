import {
  balanceCallSchema,
  creditCallSchema,
  debitCallSchema,
  rollbackCallSchema,
  creditV2CallSchema,
  debitV2CallSchema,
  rollbackV2CallSchema,
  WALLET_CALLS,
  WALLET_V2_CALLS,
  WalletAnswer,
  WalletCall,
  walletV2CallProblem,
  WalletV2Call,
} from '@casino/operator-protocol';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { MoneyCallPool } from '../database/money-call-pool';
import { WalletRepository } from './wallet.repository';

/** A call's name as served: v1's `debit`, …, and version 2's `v2/debit`, … (/wallet/v2/debit). */
export type ServedCall = WalletCall | `v2/${WalletV2Call}`;

export function isWalletCall(name: string): name is ServedCall {
  return (
    (WALLET_CALLS as readonly string[]).includes(name) ||
    (WALLET_V2_CALLS as readonly string[]).some((c) => name === `v2/${c}`)
  );
}

/** Validates a call's body and answers it from the books. */
@Injectable()
export class WalletService {
  private readonly books: WalletRepository;

  constructor(ds: DataSource, pool: MoneyCallPool) {
    this.books = new WalletRepository(ds, pool);
  }

  handle(call: ServedCall, body: unknown): Promise<WalletAnswer> {
    switch (call) {
      case 'balance':
        return this.valid(balanceCallSchema, body, (c) => this.books.balance(c));
      case 'debit':
        return this.valid(debitCallSchema, body, (c) => this.books.debit(c));
      case 'credit':
        return this.valid(creditCallSchema, body, (c) => this.books.credit(c));
      case 'rollback':
        return this.valid(rollbackCallSchema, body, (c) => this.books.rollback(c));
      // Version 2 (docs/operator-integration.md#seamless-wallet-versions): batches, checked beyond their schemas.
      case 'v2/debit':
        return this.valid(debitV2CallSchema, body, (c) => this.checked(c, () => this.books.debitV2(c)));
      case 'v2/credit':
        return this.valid(creditV2CallSchema, body, (c) => this.checked(c, () => this.books.creditV2(c)));
      case 'v2/rollback':
        return this.valid(rollbackV2CallSchema, body, (c) => this.checked(c, () => this.books.rollbackV2(c)));
    }
  }

  private async checked(
    call: Parameters<typeof walletV2CallProblem>[0],
    answer: () => Promise<WalletAnswer>,
  ): Promise<WalletAnswer> {
    const problem = walletV2CallProblem(call);
    return problem ? { status: 'refused', code: 'INVALID_REQUEST', message: problem } : answer();
  }

  private async valid<T>(
    schema: z.ZodType<T, unknown>,
    body: unknown,
    answer: (call: T) => Promise<WalletAnswer>,
  ): Promise<WalletAnswer> {
    const parsed = schema.safeParse(body);
    if (parsed.success) return answer(parsed.data);
    const reasons = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`);
    return { status: 'refused', code: 'INVALID_REQUEST', message: reasons.join('; ').slice(0, 500) };
  }
}
