/** The operator a signed request authenticated as: every /v1 route acts for it alone. */
export interface OperatorAccount {
  operatorId: string;
  name: string;
  status: 'active' | 'suspended';
  currencies: string[];
  maxDeposit: bigint | null;
  maxBalance: bigint | null;
  walletMode: 'transfer' | 'seamless';
  /** Browser origins of the operator's own pages; its players' tokens carry them (game services check sockets). */
  allowedOrigins: string[];
  /** The key id that signed the request. */
  keyId: string;
}

/** The largest amount a signed 64-bit ledger column holds. */
export const MAX_LEDGER_AMOUNT = 9_223_372_036_854_775_807n;
