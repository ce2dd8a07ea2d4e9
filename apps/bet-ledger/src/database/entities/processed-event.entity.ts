import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Ids of consumed events, written in the same transaction as their effects: a redelivery finds its id here. */
@Entity({ name: 'ledger_processed_events' })
export class ProcessedEventEntity {
  @PrimaryColumn({ name: 'event_id', type: 'text' })
  eventId!: string;

  @Column({ name: 'processed_at', type: 'timestamptz' })
  processedAt!: Date;
}
