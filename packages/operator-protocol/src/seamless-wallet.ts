import { amountSchema, currencySchema, gameSchema, idSchema, stakeSchema } from '@casino/events';
import { z } from 'zod';

/**
 * The seamless wallet protocol: the platform calls the operator's wallet, the operator keeps the money
 * (docs/operator-integration.md#seamless-wallet). Every call is an HTTPS POST of JSON signed like the platform's own
 * signed API (signature.ts), with the operator's key; every answer is signed back with the same key.
 *
 * Idempotency: a call is identified by its `transactionId`, unique per call and chosen by the platform. The same id
 * sent again (a retry) must get the first answer again and move no money; the same id with other fields is a
 * conflict. A rollback may arrive before the debit it cancels (the debit's answer was lost, or the debit is still in
 * flight): the wallet then records the rollback, and the late debit is refused `TRANSACTION_ROLLED_BACK`.
 */
export const WALLET_CALLS = ['balance', 'debit', 'credit', 'rollback'] as const;
export type WalletCall = (typeof WALLET_CALLS)[number];

/** The path of each call under the operator's wallet base URL. */
export const WALLET_CALL_PATHS: Readonly<Record<WalletCall, string>> = {
  balance: '/wallet/balance',
  debit: '/wallet/debit',
  credit: '/wallet/credit',
  rollback: '/wallet/rollback',
};

/** Coded refusals an operator's wallet answers. Any other answer (a 5xx, a timeout, no answer) is *unknown*. */
export const WALLET_REFUSAL_CODES = [
  'INSUFFICIENT_FUNDS',
  'PLAYER_BLOCKED',
  'LIMIT_REACHED',
  'UNKNOWN_PLAYER',
  'CURRENCY_MISMATCH',
  /** A credit or rollback naming a debit the wallet never confirmed. */
  'UNKNOWN_TRANSACTION',
  /** A debit whose rollback arrived first. */
  'TRANSACTION_ROLLED_BACK',
  /** A transaction id seen before with other fields. */
  'TRANSACTION_CONFLICT',
  /** A rollback of a debit already settled by a credit. */
  'ROLLBACK_NOT_ALLOWED',
  'INVALID_REQUEST',
  'INVALID_SIGNATURE',
] as const;
export type WalletRefusalCode = (typeof WALLET_REFUSAL_CODES)[number];

export const transactionIdSchema = idSchema.regex(
  /^[A-Za-z0-9._:-]+$/,
  'transaction ids are [A-Za-z0-9._:-]',
);

export const balanceCallSchema = z.object({ playerId: idSchema, currency: currencySchema }).strict();

export const debitCallSchema = z
  .object({
    transactionId: transactionIdSchema,
    playerId: idSchema,
    currency: currencySchema,
    amount: stakeSchema,
    game: gameSchema,
    tableId: idSchema,
    roundId: idSchema,
    betId: idSchema,
  })
  .strict();

export const CREDIT_KINDS = ['win', 'push', 'refund'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

export const creditCallSchema = z
  .object({
    transactionId: transactionIdSchema,
    playerId: idSchema,
    currency: currencySchema,
    /** 0 is a valid credit: a lost bet is closed with a zero win so the operator can close its round. */
    amount: amountSchema,
    kind: z.enum(CREDIT_KINDS),
    /** The debit this credit pays out (the bet's stake). Absent for a free bet, which had none. */
    debitTransactionId: transactionIdSchema
      .optional()
      .describe(
        "the debit this credit pays out (the bet's stake); absent for a free bet, which was never debited",
      ),
    /**
     * A free bet's credit (docs/operator-integration.md#free-bets): the operator's grant id of the free bets, so the
     * operator books the winnings to that promotion. A credit names either a debit or a promotion, never both.
     */
    promotionId: idSchema
      .optional()
      .describe(
        "a free bet's credit: the operator's grantId of the free bets (its winnings, 0 if lost, refunded or cancelled); a credit names a debit or a promotion, never both",
      ),
    roundId: idSchema,
    betId: idSchema,
  })
  .strict();

export const rollbackCallSchema = z
  .object({
    transactionId: transactionIdSchema,
    playerId: idSchema,
    currency: currencySchema,
    /** The debit to cancel; it may not have reached the wallet (yet). */
    debitTransactionId: transactionIdSchema,
    roundId: idSchema,
    betId: idSchema,
  })
  .strict();

export type BalanceCall = z.infer<typeof balanceCallSchema>;
export type DebitCall = z.infer<typeof debitCallSchema>;
export type CreditCall = z.infer<typeof creditCallSchema>;
export type RollbackCall = z.infer<typeof rollbackCallSchema>;

export interface WalletCallBodies {
  balance: BalanceCall;
  debit: DebitCall;
  credit: CreditCall;
  rollback: RollbackCall;
}

export const WALLET_CALL_SCHEMAS = {
  balance: balanceCallSchema,
  debit: debitCallSchema,
  credit: creditCallSchema,
  rollback: rollbackCallSchema,
} as const;

export const walletAnswerSchema = z.discriminatedUnion('status', [
  z
    .object({
      status: z.literal('ok'),
      /** The player's balance after the call, minor units. */
      balance: amountSchema,
      currency: currencySchema,
      /** The operator's own id of the movement (absent for balance calls). */
      operatorTransactionId: idSchema.optional(),
    })
    .strict(),
  z
    .object({
      status: z.literal('refused'),
      code: z.enum(WALLET_REFUSAL_CODES),
      message: z.string().max(500),
    })
    .strict(),
]);
export type WalletAnswer = z.infer<typeof walletAnswerSchema>;

/** The JSON of an answer (amounts as decimal strings). */
export function encodeWalletAnswer(answer: WalletAnswer): string {
  return JSON.stringify(answer.status === 'ok' ? { ...answer, balance: answer.balance.toString() } : answer);
}

/** The JSON of a call of either version (amounts as decimal strings). */
export function encodeWalletCall<C extends WalletCall>(body: WalletCallBodies[C] | object): string {
  return JSON.stringify(body, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
}
