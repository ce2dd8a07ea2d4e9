/** The operator a signed request authenticated as: every /v1 route acts for it alone. */
export interface OperatorAccount {
  operatorId: string;
  name: string;
  status: 'active' | 'suspended';
  currencies: string[];
  maxDeposit: bigint | null;
  maxBalance: bigint | null;
  /** Cap on the operator's signed deposits of one UTC day, per currency (null: none). */
  maxDailyDeposits: bigint | null;
  walletMode: 'transfer' | 'seamless';
  /** Browser origins of the operator's own pages; its players' tokens carry them (game services check sockets). */
  allowedOrigins: string[];
  /** The key id that signed the request. */
  keyId: string;
}

/** The largest amount a signed 64-bit ledger column holds. */
export const MAX_LEDGER_AMOUNT = 9_223_372_036_854_775_807n;

/**
 * The deposit caps an operator gets unless it is created with others (`npm run operator -- create|set-caps`), in
 * minor units of each of its currencies: one deposit, and the signed deposits of one UTC day. Migration
 * 1764910000000-deposit-caps gave them to the operators that existed before.
 */
export const DEFAULT_OPERATOR_CAPS = {
  maxDeposit: 10_000_000_000n,
  maxDailyDeposits: 1_000_000_000_000n,
} as const;
