import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A round event that came before its round's RoundOpened, kept (in `seq` order) until it can be applied. */
@Entity({ name: 'ledger_pending_round_events' })
export class PendingRoundEventEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  seq!: string;

  @Column({ name: 'event_id', type: 'text', unique: true })
  eventId!: string;

  @Column({ name: 'table_id', type: 'text' })
  tableId!: string;

  @Column({ name: 'round_id', type: 'text' })
  roundId!: string;

  @Column({ name: 'event_type', type: 'text' })
  eventType!: string;

  /** encodeEvent(event), as received. */
  @Column({ type: 'text' })
  payload!: string;

  @Column({ type: 'text' })
  topic!: string;

  @Column({ name: 'kafka_partition', type: 'integer' })
  partition!: number;

  @Column({ name: 'kafka_offset', type: 'bigint' })
  offset!: string;

  @Column({ name: 'message_key', type: 'text', nullable: true })
  messageKey!: string | null;

  @Column({ name: 'received_at', type: 'timestamptz' })
  receivedAt!: Date;
}
