import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '@casino/wallet';

export type WalletTransactionState = 'applied' | 'refused' | 'settled' | 'rolled_back';

@Entity('wallet_transactions')
export class WalletTransactionEntity {
  @PrimaryColumn({ name: 'transaction_id', type: 'text' }) transactionId!: string;
  @Column({ type: 'text' }) call!: 'debit' | 'credit' | 'rollback';
  @Column({ name: 'player_id', type: 'text' }) playerId!: string;
  @Column({ name: 'amount', type: 'bigint', transformer: bigintTransformer }) amount!: bigint;
  @Column({ name: 'debit_transaction_id', type: 'text', nullable: true }) debitTransactionId!: string | null;
  @Column({ name: 'round_id', type: 'text', nullable: true }) roundId!: string | null;
  @Column({ name: 'bet_id', type: 'text', nullable: true }) betId!: string | null;
  @Column({ type: 'text' }) state!: WalletTransactionState;
  @Column({ name: 'request_hash', type: 'text', nullable: true }) requestHash!: string | null;
  @Column({ type: 'jsonb' }) answer!: unknown;
  /** The call as sent (null for a rollback's mark under a debit it never saw). */
  @Column({ type: 'jsonb', nullable: true }) request!: unknown;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
