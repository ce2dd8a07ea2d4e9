import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Outgoing events not yet published, written in the transaction that caused them. The relay publishes them in id
 * order and deletes them in the same transaction as it marks them sent (a published event lives on in Kafka).
 */
@Entity({ name: 'ledger_outbox' })
export class OutboxEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'text' })
  topic!: string;

  @Column({ type: 'text' })
  key!: string;

  /** encodeEvent(event): JSON, amounts as decimal strings. */
  @Column({ type: 'text' })
  payload!: string;

  @Column({ name: 'event_id', type: 'text' })
  eventId!: string;

  @Column({ name: 'event_type', type: 'text' })
  eventType!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
