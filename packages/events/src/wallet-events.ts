import { z } from 'zod';
import { defineEvent } from './envelope';
import { amountSchema, currencySchema, idSchema, signedAmountSchema } from './primitives';
import { TOPICS } from './topics';

export const BALANCE_CHANGE_REASONS = [
  'bet',
  'settlement',
  'refund',
  'deposit',
  'withdrawal',
  // Bonus funds (docs/ledger.md#bonus-funds): a grant and a forfeit or expiry move only the bonus balance
  // (delta 0); a conversion moves the bonus into the cash balance.
  'bonus-grant',
  'bonus-conversion',
  'bonus-forfeit',
  'bonus-expiry',
] as const;

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
  /**
   * The player's bonus balance after the change and its signed change, when the player has bonus funds in the
   * currency (absent otherwise). `delta` and `balance` are always the cash wallet's, as before bonus funds.
   */
  bonusBalance: amountSchema.optional(),
  bonusDelta: signedAmountSchema.optional(),
});
