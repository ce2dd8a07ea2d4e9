import { KafkaClient } from '@casino/kafka';
import { DataSource } from 'typeorm';
import { OutboxRelayCore, RefusalPolicy, systemRelayClock } from '@casino/outbox';
import { LedgerLog } from '../observability/ledger-log';
import { profiler } from '../observability/profiler';
import { LedgerOutboxPublisher, requestsBySize } from './outbox.publisher';
import { LedgerOutboxStore } from './outbox.store';
import { OutboxRow } from './outbox.writer';

export interface RelayOptions {
  pollMs: number;
  batchSize: number;
  /** When a row the broker refuses is parked (default DEFAULT_REFUSAL_POLICY). */
  refusals?: RefusalPolicy;
}

/**
 * The ledger's outbox relay: `@casino/outbox`'s core over `ledger_outbox` (outbox.store.ts) and a Kafka producer
 * (outbox.publisher.ts). Rows committed in this process are handed over in memory (`handOff`) and published at
 * once, in commit order, without being read back; a poll every `pollMs` deletes what was published and publishes,
 * in id order, any row not handed over (written by another process, or left by a crash). Only one relay is active
 * at a time (a session advisory lock) so per-key order holds. A row the broker refuses for good holds its key for
 * a few attempts, then is parked (`parked_at`, `park_error`, an ALERT line) until an operator requeues it; a
 * transient failure parks nothing: the relay steps down and everything is retried, in order.
 */
export class OutboxRelay {
  private readonly publisher: LedgerOutboxPublisher;
  private readonly core: OutboxRelayCore<OutboxRow>;

  constructor(dataSource: DataSource, kafka: KafkaClient, options: RelayOptions, logger: LedgerLog) {
    this.publisher = new LedgerOutboxPublisher(kafka);
    this.core = new OutboxRelayCore(
      new LedgerOutboxStore(dataSource),
      this.publisher,
      systemRelayClock,
      { info: (m) => logger.log(m), warn: (m) => logger.warn(m), error: (m) => logger.error(m) },
      {
        batchSize: options.batchSize,
        pollMs: options.pollMs,
        retry: { initialMs: 500, maxMs: 500 },
        refusals: options.refusals,
        requests: requestsBySize,
        time: (phase, run) => profiler.time(`relay.${phase}`, run),
        narration: {
          held: (row, refusal, attempts) =>
            `outbox relay: the broker refused row ${row.id} (${row.topic}, key ${row.key}), attempt ${attempts}: ` +
            `${refusal.code} ${refusal.message}; its key waits for the next attempt`,
          parked: (row, error, attempts) =>
            `ALERT ledger outbox row parked: ${JSON.stringify({
              alert: 'ledger.outbox-parked',
              id: row.id,
              topic: row.topic,
              key: row.key,
              attempts,
              error,
            })}`,
        },
      },
    );
  }

  get leader(): boolean {
    return this.core.leader;
  }

  get published(): number {
    return this.core.publishedCount;
  }

  /** Rows parked by this process. */
  get parked(): number {
    return this.core.parked;
  }

  get lastError(): string | undefined {
    return this.core.lastError;
  }

  async start(): Promise<void> {
    await this.publisher.connect();
    this.core.start();
  }

  /** Rows of a transaction that has just committed. A relay that is not the leader leaves them to the leader's poll. */
  handOff(rows: OutboxRow[]): void {
    this.core.handOff(rows);
  }

  /** Stops after the batch in progress, steps down (deleting what was published) and disconnects. */
  async stop(): Promise<void> {
    await this.core.stop();
    await this.publisher.disconnect();
  }
}
