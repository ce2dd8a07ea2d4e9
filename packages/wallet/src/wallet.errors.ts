export type WalletErrorCode =
  | 'INSUFFICIENT_FUNDS'
  | 'UNBALANCED_ENTRY'
  | 'CURRENCY_MISMATCH'
  | 'ACCOUNT_NOT_FOUND'
  | 'INVALID_AMOUNT'
  | 'IDEMPOTENCY_CONFLICT';

export class WalletError extends Error {
  constructor(
    readonly code: WalletErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'WalletError';
  }
}

/** The default message of each code. */
export const WALLET_ERROR_MESSAGES: Readonly<Record<WalletErrorCode, string>> = {
  INSUFFICIENT_FUNDS: 'the balance does not cover the amount',
  UNBALANCED_ENTRY: 'the journal entry does not balance',
  CURRENCY_MISMATCH: 'the account is in another currency',
  ACCOUNT_NOT_FOUND: 'the account does not exist',
  INVALID_AMOUNT: 'the amount is not a positive number of minor units',
  IDEMPOTENCY_CONFLICT: 'this idempotency key was used for a different transfer',
};
