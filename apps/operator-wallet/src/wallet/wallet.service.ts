import {
  balanceCallSchema,
  creditCallSchema,
  debitCallSchema,
  rollbackCallSchema,
  WALLET_CALLS,
  WalletAnswer,
  WalletCall,
} from '@casino/operator-protocol';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { MoneyCallPool } from '../database/money-call-pool';
import { WalletRepository } from './wallet.repository';

export function isWalletCall(name: string): name is WalletCall {
  return (WALLET_CALLS as readonly string[]).includes(name);
}

/** Validates a call's body and answers it from the books. */
@Injectable()
export class WalletService {
  private readonly books: WalletRepository;

  constructor(ds: DataSource, pool: MoneyCallPool) {
    this.books = new WalletRepository(ds, pool);
  }

  handle(call: WalletCall, body: unknown): Promise<WalletAnswer> {
    switch (call) {
      case 'balance':
        return this.valid(balanceCallSchema, body, (c) => this.books.balance(c));
      case 'debit':
        return this.valid(debitCallSchema, body, (c) => this.books.debit(c));
      case 'credit':
        return this.valid(creditCallSchema, body, (c) => this.books.credit(c));
      case 'rollback':
        return this.valid(rollbackCallSchema, body, (c) => this.books.rollback(c));
    }
  }

  private async valid<T>(
    schema: z.ZodType<T, z.ZodTypeDef, unknown>,
    body: unknown,
    answer: (call: T) => Promise<WalletAnswer>,
  ): Promise<WalletAnswer> {
    const parsed = schema.safeParse(body);
    if (parsed.success) return answer(parsed.data);
    const reasons = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`);
    return { status: 'refused', code: 'INVALID_REQUEST', message: reasons.join('; ').slice(0, 500) };
  }
}
