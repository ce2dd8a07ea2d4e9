import { CasinoEvent } from '@casino/events';

/** What the outbox relay needs from Kafka: publish events, in order, each to its own topic and key. */
export interface EventPublisher {
  publish(events: readonly CasinoEvent[]): Promise<void>;
}
