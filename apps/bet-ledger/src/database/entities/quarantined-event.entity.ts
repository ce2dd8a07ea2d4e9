import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** What a parked message blocks until it is resolved: its round's commands, its player's, or nothing. */
export type QuarantineHold = 'round' | 'player' | 'none';
export type QuarantineStatus = 'parked' | 'retried' | 'discarded';

/**
 * A message the ledger could not apply after bounded retries: where it came from, the raw bytes, why it failed,
 * and how the back office resolved it (see src/quarantine/).
 */
@Entity({ name: 'ledger_quarantined_events' })
export class QuarantinedEventEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'text' })
  topic!: string;

  @Column({ name: 'kafka_partition', type: 'integer' })
  partition!: number;

  @Column({ name: 'kafka_offset', type: 'bigint' })
  offset!: string;

  @Column({ name: 'message_key', type: 'text', nullable: true })
  messageKey!: string | null;

  @Column({ name: 'event_id', type: 'text', nullable: true })
  eventId!: string | null;

  @Column({ name: 'event_type', type: 'text', nullable: true })
  eventType!: string | null;

  @Column({ name: 'table_id', type: 'text', nullable: true })
  tableId!: string | null;

  @Column({ name: 'round_id', type: 'text', nullable: true })
  roundId!: string | null;

  @Column({ name: 'operator_id', type: 'text', nullable: true })
  operatorId!: string | null;

  @Column({ name: 'player_id', type: 'text', nullable: true })
  playerId!: string | null;

  @Column({ type: 'text' })
  holds!: QuarantineHold;

  @Column({ type: 'bytea' })
  payload!: Buffer;

  @Column({ name: 'error_code', type: 'text' })
  errorCode!: string;

  @Column({ name: 'error_message', type: 'text' })
  errorMessage!: string;

  @Column({ type: 'integer' })
  attempts!: number;

  @Column({ name: 'first_failed_at', type: 'timestamptz' })
  firstFailedAt!: Date;

  @Column({ name: 'last_failed_at', type: 'timestamptz' })
  lastFailedAt!: Date;

  @Column({ type: 'text' })
  status!: QuarantineStatus;

  @Column({ name: 'resolved_at', type: 'timestamptz', nullable: true })
  resolvedAt!: Date | null;

  @Column({ name: 'resolved_by', type: 'text', nullable: true })
  resolvedBy!: string | null;

  @Column({ name: 'resolution_reason', type: 'text', nullable: true })
  resolutionReason!: string | null;
}

/** One back-office action on a parked message: who, when, why, and what came of it. */
@Entity({ name: 'ledger_quarantine_actions' })
export class QuarantineActionEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'quarantine_id', type: 'bigint' })
  quarantineId!: string;

  @Column({ type: 'text' })
  action!: 'retry' | 'discard';

  @Column({ type: 'text' })
  actor!: string;

  @Column({ type: 'text' })
  reason!: string;

  @Column({ type: 'text' })
  outcome!: 'applied' | 'failed' | 'discarded';

  @Column({ name: 'error_code', type: 'text', nullable: true })
  errorCode!: string | null;

  @Column({ name: 'error_message', type: 'text', nullable: true })
  errorMessage!: string | null;

  @Column({ name: 'acted_at', type: 'timestamptz' })
  actedAt!: Date;
}
