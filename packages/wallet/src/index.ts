import { AccountEntity } from './account.entity';
import { JournalEntryEntity } from './journal-entry.entity';
import { CreateWallet1714550000000 } from './migrations/1714550000000-create-wallet';
import { PostingEntity } from './posting.entity';

export * from './money';
export * from './account-key';
export * from './bigint.transformer';
export * from './wallet.errors';
export * from './account.entity';
export * from './journal-entry.entity';
export * from './posting.entity';
export * from './sql';
export * from './ledger-store';
export * from './wallet.service';
export * from './invariants';
export { CreateWallet1714550000000 };

/** Listed explicitly (no globs) for a DataSource's `entities`. */
export const WALLET_ENTITIES = [AccountEntity, JournalEntryEntity, PostingEntity];
/** Listed explicitly for a DataSource's `migrations`, oldest first. */
export const WALLET_MIGRATIONS = [CreateWallet1714550000000];
