import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type EntryKind =
  | 'bet'
  | 'settlement'
  | 'refund'
  | 'deposit'
  | 'withdrawal'
  | 'bonus_grant'
  | 'bonus_conversion'
  | 'bonus_forfeit';

/** One balanced movement of money; its postings sum to zero. The idempotency key makes it happen once. */
@Entity({ name: 'wallet_entries' })
export class JournalEntryEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'idempotency_key', type: 'text', unique: true })
  idempotencyKey!: string;

  @Column({ type: 'text' })
  kind!: EntryKind;

  /** What the movement is for: a bet id, a round id, a deposit reference. */
  @Column({ type: 'text', nullable: true })
  reference!: string | null;

  @Column({ type: 'char', length: 3 })
  currency!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
