import { decodeEvent, RoundsTopicEvent } from '@casino/events';
import { LedgerLog } from '../../observability/ledger-log';
import {
  gateRoundEvent,
  keepPendingEvent,
  lockRoundPending,
  PendingRoundEvent,
  takeOldestPending,
} from '../../pending-round-events/pending-round-events.repository';
import { QuarantineParker } from '../../quarantine/quarantine.parker';
import { MessageOrigin } from '../../quarantine/quarantine.types';
import { RetryControls, RetryPolicy } from '../../quarantine/retry.policy';
import { RoundEffect } from '../../rounds/round-effect';
import { refuseForeignRoundEvent, TableGames } from '../../tables/producer-check';
import { recordProcessed } from '../../transaction/processed-events';
import { TransactionContext } from '../../transaction/transaction-context';
import { TransactionRunner } from '../../transaction/transaction.runner';
import { dispatchRoundsTopicEvent } from './rounds-topic.dispatch';

/** What applying an event of the rounds topic came to. */
export type AppliedOutcome = RoundEffect | 'recorded' | 'duplicate' | 'pending' | 'parked';

/** Inside a transaction, an event can also find earlier kept events of its round that must go first. */
export type GatedOutcome = Exclude<AppliedOutcome, 'parked'> | 'behind-pending';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Applies the rounds topic's events, one transaction each, with the failure policy: transient failures retried
 * without end, others a bounded number of times and then the event is parked (quarantine + dead letter) so the
 * partition moves on. An event whose round is not known yet is kept (pending) and applied, in arrival order,
 * right after its RoundOpened.
 */
export class EventApplier {
  /** The catalogue's game of each table, for the producer check of every round and bet command. */
  readonly tableGames = new TableGames();

  constructor(
    readonly transactions: TransactionRunner,
    readonly policy: RetryPolicy,
    readonly parker: QuarantineParker,
    private readonly log: LedgerLog,
  ) {}

  async applyRoundsTopicEvent(
    event: RoundsTopicEvent,
    origin: MessageOrigin,
    payload: Buffer,
    controls: RetryControls = {},
    loggedBeforeClose = false,
  ): Promise<AppliedOutcome> {
    for (;;) {
      const label = `tx.${event.type}`;
      const r = await this.policy.attempt(
        label,
        () =>
          this.transactions.run(label, (ctx) =>
            this.applyInTransaction(ctx, event, origin, loggedBeforeClose),
          ),
        controls,
      );
      if (!r.ok) {
        const { failure, attempts, firstFailedAt } = r;
        await this.parker.park({ origin, payload, event, failure, attempts, firstFailedAt }, controls);
        return 'parked';
      }
      if (r.value === 'behind-pending' && event.type !== 'ShoeRevealed') {
        // Nothing taken: another drain holds the kept rows (a back-office retry); wait for it.
        if ((await this.drainPending(event.tableId, event.roundId, controls)) === 0) await pause(50);
        continue;
      }
      if (r.value === 'behind-pending') throw new Error('a ShoeRevealed waits for no round');
      // Opened (or redelivered after a crash before its drain): what waited for the round goes now, in order.
      if (event.type === 'RoundOpened') await this.drainPending(event.tableId, event.roundId, controls);
      return r.value;
    }
  }

  /**
   * One event in the caller's transaction. One from another game's service than its table's is refused first.
   * RoundOpened and ShoeRevealed apply at once (their id recorded); the other round events pass the gate: a
   * round not known yet keeps the event, earlier kept events go first.
   */
  async applyInTransaction(
    ctx: TransactionContext,
    event: RoundsTopicEvent,
    origin: MessageOrigin,
    loggedBeforeClose = false,
  ): Promise<GatedOutcome> {
    const refused = await refuseForeignRoundEvent(ctx, this.tableGames, event, origin.topic);
    if (refused) return refused;
    if (event.type === 'RoundOpened' || event.type === 'ShoeRevealed') {
      return (await recordProcessed(ctx.sql, event.id)) ? dispatchRoundsTopicEvent(ctx, event) : 'duplicate';
    }
    let gate = await gateRoundEvent(ctx.sql, event);
    if (gate === 'round-unknown') {
      // Rare: look again under the round's lock, after any RoundOpened or drain that was committing meanwhile.
      await lockRoundPending(ctx.sql, event.tableId, event.roundId);
      gate = await gateRoundEvent(ctx.sql, event);
    }
    switch (gate) {
      case 'apply':
        return dispatchRoundsTopicEvent(ctx, event, loggedBeforeClose);
      case 'duplicate':
        return 'duplicate';
      case 'behind-pending':
        return 'behind-pending';
      case 'round-unknown': {
        const kept = await keepPendingEvent(ctx.sql, event, origin);
        if (kept)
          ctx.log.warn(
            `${event.type} ${event.id} for round ${event.tableId}/${event.roundId}, not opened yet: kept until it is`,
          );
        return kept ? 'pending' : 'duplicate';
      }
    }
  }

  /**
   * Applies a round's kept events, oldest first, one transaction each (a poison one is parked and the next
   * goes on). Returns how many it took.
   */
  async drainPending(tableId: string, roundId: string, controls: RetryControls = {}): Promise<number> {
    let taken = 0;
    for (;;) {
      let current: PendingRoundEvent | undefined;
      let decoded: RoundsTopicEvent | undefined;
      const r = await this.policy.attempt(
        'tx.pending',
        () =>
          this.transactions.run('tx.pending', async (ctx) => {
            await lockRoundPending(ctx.sql, tableId, roundId);
            current = await takeOldestPending(ctx.sql, tableId, roundId);
            decoded = undefined;
            if (!current) return 'none';
            decoded = decodeKept(current);
            return (await recordProcessed(ctx.sql, decoded.id))
              ? dispatchRoundsTopicEvent(ctx, decoded)
              : 'duplicate';
          }),
        controls,
      );
      if (r.ok && r.value === 'none') return taken;
      taken++;
      if (r.ok) {
        this.log.log(`kept ${current?.eventType} ${current?.eventId} applied: ${r.value}`);
        continue;
      }
      if (!current)
        throw new Error(`taking the kept events of ${tableId}/${roundId} failed: ${r.failure.message}`);
      await this.parker.park(
        {
          origin: current.origin,
          payload: Buffer.from(current.payload, 'utf8'),
          event: decoded,
          failure: r.failure,
          attempts: r.attempts,
          firstFailedAt: r.firstFailedAt,
          pendingEventId: current.eventId,
        },
        controls,
      );
    }
  }
}

/** A kept event decodes as it did when it was kept; anything else is a fault of that row. */
function decodeKept(kept: PendingRoundEvent): RoundsTopicEvent {
  const decoded = decodeEvent(kept.origin.topic, kept.payload);
  if (!decoded.ok)
    throw new Error(`kept event ${kept.eventId} does not decode: ${decoded.code} ${decoded.message}`);
  const e = decoded.event;
  if (e.type !== 'BettingClosed' && e.type !== 'RoundResult' && e.type !== 'RoundVoided')
    throw new Error(`kept event ${kept.eventId} is a ${e.type}`);
  return e;
}
