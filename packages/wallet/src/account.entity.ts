import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { AccountKind } from './account-key';
import { bigintTransformer } from './bigint.transformer';

@Entity({ name: 'wallet_accounts' })
@Check('wallet_accounts_non_negative', '"allow_negative" OR "balance" >= 0')
export class AccountEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  /** accountKey(spec): unique. */
  @Column({ type: 'text', unique: true })
  key!: string;

  @Column({ type: 'text' })
  kind!: AccountKind;

  @Column({ name: 'operator_id', type: 'text' })
  operatorId!: string;

  @Column({ name: 'player_id', type: 'text', nullable: true })
  playerId!: string | null;

  @Column({ type: 'text', nullable: true })
  game!: string | null;

  @Column({ name: 'table_id', type: 'text', nullable: true })
  tableId!: string | null;

  @Column({ type: 'char', length: 3 })
  currency!: string;

  /** Sum of the account's postings, kept in step by every posting (verified by ledger:verify). */
  @Column({ type: 'bigint', default: 0, transformer: bigintTransformer })
  balance!: bigint;

  @Column({ name: 'allow_negative', type: 'boolean', default: false })
  allowNegative!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
