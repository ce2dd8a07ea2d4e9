import { z } from 'zod';
import { defineEvent } from './envelope';
import { amountSchema, currencySchema, idSchema, signedAmountSchema } from './primitives';
import { TOPICS } from './topics';

export const BALANCE_CHANGE_REASONS = ['bet', 'settlement', 'refund', 'deposit', 'withdrawal'] as const;

/**
 * A player's wallet balance changed. One event per player per ledger transaction and reason (several bets of
 * one batch are summed into one delta).
 */
export const BalanceChanged = defineEvent('BalanceChanged', 1, TOPICS.wallet, 'playerId', {
  playerId: idSchema,
  operatorId: idSchema,
  currency: currencySchema,
  reason: z.enum(BALANCE_CHANGE_REASONS),
  /** Signed change in minor units. */
  delta: signedAmountSchema,
  /** Balance after the change. */
  balance: amountSchema,
  tableId: idSchema.optional(),
  roundId: idSchema.optional(),
});
