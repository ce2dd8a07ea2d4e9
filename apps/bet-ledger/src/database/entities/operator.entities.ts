import { bigintTransformer } from '@casino/wallet';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An operator (online casino) integrating the platform; see migration 1740000000000-operators. */
@Entity({ name: 'ledger_operators' })
export class OperatorEntity {
  @PrimaryColumn({ name: 'operator_id', type: 'text' }) operatorId!: string;
  @Column({ type: 'text' }) name!: string;
  @Column({ type: 'text' }) status!: 'active' | 'suspended';
  @Column({ type: 'text', array: true }) currencies!: string[];
  @Column({ name: 'allowed_origins', type: 'text', array: true }) allowedOrigins!: string[];
  @Column({ name: 'max_deposit', type: 'bigint', nullable: true, transformer: bigintTransformer })
  maxDeposit!: bigint | null;
  @Column({ name: 'max_balance', type: 'bigint', nullable: true, transformer: bigintTransformer })
  maxBalance!: bigint | null;
  /** Cap on the signed deposits of one UTC day per currency (migration 1764910000000-deposit-caps). */
  @Column({ name: 'max_daily_deposits', type: 'bigint', nullable: true, transformer: bigintTransformer })
  maxDailyDeposits!: bigint | null;
  @Column({ name: 'wallet_mode', type: 'text' }) walletMode!: 'transfer' | 'seamless';
  /** A seamless operator's wallet base URL (its calls are under /wallet/…). */
  @Column({ name: 'wallet_url', type: 'text', nullable: true }) walletUrl!: string | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}

/** An API credential: the secret sealed with AES-256-GCM (LEDGER_SECRETS_KEY); revocable. */
@Entity({ name: 'ledger_operator_keys' })
export class OperatorKeyEntity {
  @PrimaryColumn({ name: 'key_id', type: 'text' }) keyId!: string;
  @Column({ name: 'operator_id', type: 'text' }) operatorId!: string;
  @Column({ name: 'secret_sealed', type: 'text' }) secretSealed!: string;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true }) revokedAt!: Date | null;
}

/** A player as their operator registered them (by launching or funding them). */
@Entity({ name: 'ledger_players' })
export class OperatorPlayerEntity {
  @PrimaryColumn({ name: 'operator_id', type: 'text' }) operatorId!: string;
  @PrimaryColumn({ name: 'player_id', type: 'text' }) playerId!: string;
  @Column({ type: 'text' }) status!: 'active' | 'suspended';
  @Column({ type: 'text', nullable: true }) nickname!: string | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}

/** A game launch: the session id is the `sid` of the player token it issued. */
@Entity({ name: 'ledger_player_sessions' })
export class PlayerSessionEntity {
  @PrimaryColumn({ name: 'session_id', type: 'text' }) sessionId!: string;
  @Column({ name: 'operator_id', type: 'text' }) operatorId!: string;
  @Column({ name: 'player_id', type: 'text' }) playerId!: string;
  @Column({ type: 'char', length: 3 }) currency!: string;
  @Column({ type: 'text', nullable: true }) game!: string | null;
  @Column({ name: 'table_id', type: 'text', nullable: true }) tableId!: string | null;
  @Column({ type: 'text', nullable: true }) language!: string | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt!: Date;
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true }) revokedAt!: Date | null;
  @Column({ name: 'revoke_reason', type: 'text', nullable: true }) revokeReason!: string | null;
}

/** A request id an operator used, kept for the replay window. */
@Entity({ name: 'ledger_operator_requests' })
export class OperatorRequestEntity {
  @PrimaryColumn({ name: 'operator_id', type: 'text' }) operatorId!: string;
  @PrimaryColumn({ name: 'request_id', type: 'text' }) requestId!: string;
  @Column({ name: 'received_at', type: 'timestamptz' }) receivedAt!: Date;
}

/** A transfer-wallet transaction and the answer it got: its id is the operator's idempotency key. */
@Entity({ name: 'ledger_operator_transactions' })
export class OperatorTransactionEntity {
  @PrimaryColumn({ name: 'operator_id', type: 'text' }) operatorId!: string;
  @PrimaryColumn({ name: 'transaction_id', type: 'text' }) transactionId!: string;
  @Column({ type: 'text' }) kind!: 'deposit' | 'withdrawal';
  @Column({ name: 'player_id', type: 'text' }) playerId!: string;
  @Column({ type: 'char', length: 3 }) currency!: string;
  @Column({ type: 'bigint', transformer: bigintTransformer }) amount!: bigint;
  @Column({ name: 'request_hash', type: 'text' }) requestHash!: string;
  @Column({ type: 'integer' }) status!: number;
  @Column({ type: 'jsonb' }) response!: Record<string, unknown>;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
