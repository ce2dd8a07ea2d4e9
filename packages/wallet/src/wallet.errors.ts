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
