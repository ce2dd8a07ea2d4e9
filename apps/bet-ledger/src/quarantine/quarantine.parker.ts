import { sqlOf } from '@casino/wallet';
import { DataSource } from 'typeorm';
import { LedgerLog } from '../observability/ledger-log';
import { CommittedOutbox } from '../outbox/outbox.writer';
import { parkMessage } from './quarantine.repository';
import { QuarantineRegistry } from './quarantine.registry';
import { ParkRequest } from './quarantine.types';
import { RetryControls, RetryPolicy } from './retry.policy';

/**
 * Parks a message that cannot be applied: one transaction writes its quarantine row and its dead-letter copy
 * (an outbox row, published by the relay), then the registry holds its round or player, an ALERT line is logged
 * and the counters move. The caller then commits the Kafka offset past the message and goes on.
 */
export class QuarantineParker {
  /** Messages parked by this process since it started. */
  parked = 0;
  lastParkedAt: string | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly deadLetterTopic: string,
    readonly registry: QuarantineRegistry,
    private readonly policy: RetryPolicy,
    private readonly log: LedgerLog,
    private readonly onCommitted?: CommittedOutbox,
  ) {}

  async park(req: ParkRequest, controls: RetryControls = {}): Promise<void> {
    // Parking must not fail on a database outage: retried like any transaction, until it is done.
    const parked = await this.policy.untilDone(
      'park',
      () => this.dataSource.transaction((m) => parkMessage(sqlOf(m), req, this.deadLetterTopic)),
      controls,
    );
    if (parked.outbox.length > 0) this.onCommitted?.(parked.outbox);
    this.registry.add(parked.entry);
    this.parked++;
    this.lastParkedAt = new Date().toISOString();
    const e = parked.entry;
    this.log.error(
      `ALERT ledger message parked: ${JSON.stringify({
        alert: 'ledger.message-parked',
        quarantineId: e.id,
        topic: req.origin.topic,
        partition: req.origin.partition,
        offset: req.origin.offset,
        key: req.origin.key,
        eventId: e.eventId,
        eventType: e.eventType,
        holds: e.holds,
        tableId: e.tableId,
        roundId: e.roundId,
        operatorId: e.operatorId,
        playerId: e.playerId,
        code: req.failure.code,
        message: req.failure.message,
        attempts: req.attempts,
        again: !parked.inserted,
      })}`,
    );
  }
}
