import {
  amountSchema,
  currencySchema,
  gameSchema,
  idSchema,
  MAX_SLIP_BETS,
  stakeSchema,
} from '@casino/events';
import { z } from 'zod';
import { CREDIT_KINDS, transactionIdSchema } from './seamless-wallet';

/**
 * Version 2 of the seamless wallet protocol (docs/operator-integration.md#seamless-wallet-versions), chosen per
 * operator (version 1 stays the default, its calls unchanged). A v2 debit takes the stakes of one player's bets of
 * one round (a bet slip) in one call, all or nothing; a v2 credit pays one player's bets of one round in one call,
 * the round's last credit to that player saying `roundClosed: true`. Every bet carries a human description and
 * every call a signed link to the round's details. Idempotency is v1's: one transaction id per call, a retry gets
 * the first answer, a rollback may come before its debit. Balance calls are v1's.
 */
export const WALLET_PROTOCOL_VERSIONS = [1, 2] as const;
export type WalletProtocolVersion = (typeof WALLET_PROTOCOL_VERSIONS)[number];

export const WALLET_V2_CALLS = ['debit', 'credit', 'rollback'] as const;
export type WalletV2Call = (typeof WALLET_V2_CALLS)[number];

export const WALLET_V2_CALL_PATHS: Readonly<Record<WalletV2Call, string>> = {
  debit: '/wallet/v2/debit',
  credit: '/wallet/v2/credit',
  rollback: '/wallet/v2/rollback',
};

const descriptionSchema = z
  .string()
  .min(1)
  .max(200)
  .describe('the bet for people: game · bet · stake and currency, e.g. "Roulette · straight 17 · 5.00 EUR"');

const roundDetailsUrlSchema = z
  .string()
  .url()
  .max(2000)
  .describe(
    "a signed link to the round's result and this player's bets, for the operator's customer service; it expires 24 hours after the call was first made (a fresh one: POST /v1/players/{playerId}/rounds/{tableId}/{roundId}/link)",
  );

export const debitV2BetSchema = z
  .object({ betId: idSchema, amount: stakeSchema, description: descriptionSchema })
  .strict();

export const debitV2CallSchema = z
  .object({
    transactionId: transactionIdSchema,
    playerId: idSchema,
    currency: currencySchema,
    /** The sum of the bets' amounts: what the debit takes. */
    amount: stakeSchema,
    game: gameSchema,
    tableId: idSchema,
    roundId: idSchema,
    bets: z.array(debitV2BetSchema).min(1).max(MAX_SLIP_BETS),
    roundDetailsUrl: roundDetailsUrlSchema,
  })
  .strict();

export const creditV2ItemSchema = z
  .object({
    betId: idSchema,
    /** 0 closes a lost bet. */
    amount: amountSchema,
    kind: z.enum(CREDIT_KINDS),
    debitTransactionId: transactionIdSchema
      .optional()
      .describe("the v2 debit that took this bet's stake; absent for a free bet, which was never debited"),
    promotionId: idSchema
      .optional()
      .describe(
        "a free bet's credit: the operator's grantId of the free bets; a credit names a debit or a promotion",
      ),
    description: descriptionSchema,
  })
  .strict();

export const creditV2CallSchema = z
  .object({
    transactionId: transactionIdSchema,
    playerId: idSchema,
    currency: currencySchema,
    /** The sum of the credits' amounts: what the credit pays. */
    amount: amountSchema,
    game: gameSchema,
    tableId: idSchema,
    roundId: idSchema,
    credits: z
      .array(creditV2ItemSchema)
      .min(1)
      .max(MAX_SLIP_BETS * 10),
    roundClosed: z
      .boolean()
      .describe(
        'true on the last credit of the round to this player (exactly one such call per player and round with a bet in play at its end); a refund of a bet the platform refused after its debit is sent at once with false',
      ),
    roundDetailsUrl: roundDetailsUrlSchema,
  })
  .strict();

export const rollbackV2CallSchema = z
  .object({
    transactionId: transactionIdSchema,
    playerId: idSchema,
    currency: currencySchema,
    /** The v2 debit to cancel, all its bets; it may not have reached the wallet (yet). */
    debitTransactionId: transactionIdSchema,
    roundId: idSchema,
    betIds: z.array(idSchema).min(1).max(MAX_SLIP_BETS),
  })
  .strict();

export type DebitV2Bet = z.infer<typeof debitV2BetSchema>;
export type DebitV2Call = z.infer<typeof debitV2CallSchema>;
export type CreditV2Item = z.infer<typeof creditV2ItemSchema>;
export type CreditV2Call = z.infer<typeof creditV2CallSchema>;
export type RollbackV2Call = z.infer<typeof rollbackV2CallSchema>;

export interface WalletV2CallBodies {
  debit: DebitV2Call;
  credit: CreditV2Call;
  rollback: RollbackV2Call;
}

export const WALLET_V2_CALL_SCHEMAS = {
  debit: debitV2CallSchema,
  credit: creditV2CallSchema,
  rollback: rollbackV2CallSchema,
} as const;

/**
 * What a well-formed v2 call must also hold beyond its schema: the total is the sum of its items, and no bet twice;
 * a credit item names a debit or a promotion, never both. Undefined when it holds.
 */
export function walletV2CallProblem(call: DebitV2Call | CreditV2Call | RollbackV2Call): string | undefined {
  const ids =
    'bets' in call
      ? call.bets.map((b) => b.betId)
      : 'credits' in call
        ? call.credits.map((c) => c.betId)
        : call.betIds;
  if (new Set(ids).size !== ids.length) return 'a bet appears twice';
  if ('bets' in call && call.bets.reduce((s, b) => s + b.amount, 0n) !== call.amount)
    return 'amount is not the sum of the bets';
  if ('credits' in call) {
    if (call.credits.reduce((s, c) => s + c.amount, 0n) !== call.amount)
      return 'amount is not the sum of the credits';
    if (call.credits.some((c) => (c.debitTransactionId === undefined) === (c.promotionId === undefined)))
      return 'a credit names either a debit or a promotion';
  }
  return undefined;
}
