import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

export type TableStatus = 'open' | 'closed';

/** Who draws the table's results: a studio's live dealer (signed results) or the service's automatic dealer. */
export type TableDealer = 'studio' | 'auto';

/**
 * A table of the catalogue: what the ledger decides and settles its rounds with. `settings` is the events'
 * TableConfig (amounts as strings) without baccarat's `roundInShoe`, which belongs to the round.
 */
@Entity({ name: 'ledger_tables' })
export class TableEntity {
  @PrimaryColumn({ name: 'table_id', type: 'text' })
  tableId!: string;

  @Column({ type: 'text' })
  game!: string;

  /** e.g. live, rng, studio: shown to the back office, not checked against messages (they carry none). */
  @Column({ type: 'text' })
  variant!: string;

  @Column({ type: 'char', length: 3 })
  currency!: string;

  /** `studio` (live: results signed by the studio's key, docs/kafka-security.md#signed-live-results) or `auto`. */
  @Column({ type: 'text', default: 'studio' })
  dealer!: TableDealer;

  /** The dealer's language, a BCP 47 tag (`en`, `pt-BR`); null when not set (migration 1765730000000). */
  @Column({ name: 'dealer_language', type: 'text', nullable: true })
  dealerLanguage!: string | null;

  @Column({ type: 'jsonb' })
  settings!: Record<string, unknown>;

  /** The service that opens the table's rounds, e.g. baccarat-service. */
  @Column({ type: 'text' })
  producer!: string;

  @Column({ type: 'text' })
  status!: TableStatus;

  @Column({ type: 'int', default: 1 })
  version!: number;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column({ name: 'updated_by', type: 'text' })
  updatedBy!: string;
}

/** One audited change of a table: who, when, why, and the row before and after. */
@Entity({ name: 'ledger_table_audit' })
export class TableAuditEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'table_id', type: 'text' })
  tableId!: string;

  @Column({ type: 'text' })
  action!: 'create' | 'update' | 'close';

  @Column({ type: 'text' })
  actor!: string;

  @Column({ type: 'text' })
  reason!: string;

  @Column({ type: 'jsonb', nullable: true })
  before!: Record<string, unknown> | null;

  @Column({ type: 'jsonb' })
  after!: Record<string, unknown>;

  @Column({ type: 'timestamptz' })
  at!: Date;
}

/** A RoundOpened the catalogue refused (unknown or closed table, settings differing): the evidence. */
@Entity({ name: 'ledger_table_refusals' })
export class TableRefusalEntity {
  @PrimaryColumn({ name: 'event_id', type: 'text' })
  eventId!: string;

  @Column({ name: 'table_id', type: 'text' })
  tableId!: string;

  @Column({ name: 'round_id', type: 'text' })
  roundId!: string;

  @Column({ name: 'event_type', type: 'text' })
  eventType!: string;

  @Column({ type: 'text' })
  code!: string;

  @Column({ type: 'text' })
  message!: string;

  @Column({ name: 'refused_at', type: 'timestamptz' })
  refusedAt!: Date;
}
