import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AccountEntity } from './account.entity';
import { bigintTransformer } from './bigint.transformer';
import { JournalEntryEntity } from './journal-entry.entity';

/** One line of a journal entry: a signed amount on one account (credit > 0, debit < 0). */
@Entity({ name: 'wallet_postings' })
export class PostingEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Index('wallet_postings_entry_idx')
  @Column({ name: 'entry_id', type: 'bigint' })
  entryId!: string;

  @ManyToOne(() => JournalEntryEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'entry_id' })
  entry?: JournalEntryEntity;

  @Index('wallet_postings_account_idx')
  @Column({ name: 'account_id', type: 'bigint' })
  accountId!: string;

  @ManyToOne(() => AccountEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;

  @Column({ type: 'bigint', transformer: bigintTransformer })
  amount!: bigint;
}
