import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Outgoing events not yet published, written in the transaction that caused them. The relay publishes them in id
 * order and deletes them once Kafka has them (a published event lives on in Kafka); a row the broker refuses for
 * good is parked in place (outbox/outbox.store.ts, under the relay core of packages/outbox).
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

  /** Set when the broker refused the row for good: the relay skips it and its key's later rows. */
  @Column({ name: 'parked_at', type: 'timestamptz', nullable: true })
  parkedAt!: Date | null;

  @Column({ name: 'park_error', type: 'text', nullable: true })
  parkError!: string | null;
}
