import { CasinoEvent, decodeEvent, slipPlaceBets } from '@casino/events';
import { Sql, sqlOf } from '@casino/wallet';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { QuarantineStatus } from '../../quarantine/quarantine.types';
import { LedgerError } from '../../errors/ledger.errors';
import { ApplyFailure, classifyFailure } from '../../quarantine/failure.classifier';
import {
  findQuarantined,
  listQuarantined,
  quarantineActions,
  QuarantinedEvent,
  recordFailedRetry,
  resolveQuarantined,
} from '../../quarantine/quarantine.repository';
import { recordProcessed } from '../../transaction/processed-events';
import { TransactionContext } from '../../transaction/transaction-context';
import { EventApplier } from '../apply-event/event.applier';
import { decideBetCommands } from '../bet-commands/decide-bet-commands.use-case';

/** Who acts on a parked message and why (both kept in the audit). */
export interface QuarantineActor {
  actor: string;
  reason: string;
}

export type QuarantineEntryView = Omit<QuarantinedEvent, 'payload'> & {
  /** The raw message as UTF-8 text (what the dead-letter topic carries). */
  payload: string;
  payloadBytes: number;
};

export interface QuarantineActionView {
  action: string;
  actor: string;
  reason: string;
  outcome: string;
  errorCode: string | null;
  at: string;
}

/** What a successful retry did: the round effect, or the bet command's decision. */
export interface QuarantineRetryResult {
  id: string;
  status: 'retried';
  outcome: string;
}

const view = (e: QuarantinedEvent): QuarantineEntryView => ({
  ...e,
  payload: e.payload.toString('utf8'),
  payloadBytes: e.payload.length,
});

/**
 * The back office's view of parked messages and its two actions, both audited (who, when, why): `retry` applies
 * the stored message again (after a fix) in a transaction that also resolves its entry, and `discard` resolves it
 * without applying it (its event id is recorded as processed, so a redelivery is skipped). Either frees the round
 * or player the entry held.
 */
@Injectable()
export class ManageQuarantineUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly applier: EventApplier,
  ) {}

  async list(filter: {
    status?: QuarantineStatus;
    limit: number;
    beforeId?: string;
  }): Promise<QuarantineEntryView[]> {
    return (await this.read((sql) => listQuarantined(sql, filter))).map(view);
  }

  async get(id: string): Promise<QuarantineEntryView & { actions: QuarantineActionView[] }> {
    const entry = await this.read((sql) => findQuarantined(sql, id));
    if (!entry) throw new LedgerError('QUARANTINE_NOT_FOUND');
    return { ...view(entry), actions: await this.read((sql) => quarantineActions(sql, id)) };
  }

  async retry(id: string, who: QuarantineActor): Promise<QuarantineRetryResult> {
    const entry = await this.parkedEntry(id);
    const decoded = decodeEvent(entry.topic, entry.payload);
    if (!decoded.ok)
      return this.failRetry(entry, who, { transient: false, code: decoded.code, message: decoded.message });
    const event = decoded.event;
    const round = roundOf(event);
    // Earlier kept events of the round go first (the gate would otherwise send this one behind them).
    if (round && event.type !== 'RoundOpened') await this.applier.drainPending(round.tableId, round.roundId);
    let outcome: string;
    try {
      outcome = await this.applier.transactions.run('tx.quarantine.retry', async (ctx) => {
        await this.lockParked(ctx, id);
        const applied = await this.apply(ctx, entry, event);
        await resolveQuarantined(ctx.sql, id, { status: 'retried', ...who });
        return applied;
      });
    } catch (err) {
      if (err instanceof LedgerError && err.code.startsWith('QUARANTINE_')) throw err;
      return this.failRetry(entry, who, classifyFailure(err));
    }
    this.applier.parker.registry.remove(entry);
    if (event.type === 'RoundOpened') await this.applier.drainPending(event.tableId, event.roundId);
    return { id, status: 'retried', outcome };
  }

  async discard(id: string, who: QuarantineActor): Promise<{ id: string; status: 'discarded' }> {
    const entry = await this.parkedEntry(id);
    await this.applier.transactions.run('tx.quarantine.discard', async (ctx) => {
      await this.lockParked(ctx, id);
      if (entry.eventId !== null) await recordProcessed(ctx.sql, entry.eventId);
      await resolveQuarantined(ctx.sql, id, { status: 'discarded', ...who });
    });
    this.applier.parker.registry.remove(entry);
    return { id, status: 'discarded' };
  }

  /** The stored message, applied as the consumer would have, in the retry's transaction. */
  private async apply(ctx: TransactionContext, entry: QuarantinedEvent, event: CasinoEvent): Promise<string> {
    switch (event.type) {
      case 'PlaceBet':
      case 'CancelBet': {
        const s = await decideBetCommands(ctx, [event]);
        if (s.duplicates > 0) return 'duplicate';
        if (event.type === 'PlaceBet') return s.accepted > 0 ? 'accepted' : 'rejected';
        return s.cancelled > 0 ? 'cancelled' : 'cancel-rejected';
      }
      case 'PlaceBets': {
        // A bet of a slip is parked alone with the slip's bytes: the retry decides that bet (the others were).
        const bet = slipPlaceBets(event).filter((c) => c.id === entry.eventId);
        if (bet.length === 0)
          throw new LedgerError('QUARANTINE_RETRY_FAILED', `no bet ${entry.eventId} in slip ${event.id}`);
        const s = await decideBetCommands(ctx, bet);
        if (s.duplicates > 0) return 'duplicate';
        return s.accepted > 0 ? 'accepted' : 'rejected';
      }
      case 'RoundOpened':
      case 'BettingClosed':
      case 'RoundResult':
      case 'RoundVoided':
      case 'ShoeRevealed': {
        const origin = {
          topic: entry.topic,
          partition: entry.partition,
          offset: entry.offset,
          key: entry.key,
        };
        const outcome = await this.applier.applyInTransaction(ctx, event, origin);
        if (outcome === 'behind-pending')
          throw new LedgerError(
            'SERVICE_UNAVAILABLE',
            'earlier events of the round are being applied: retry',
          );
        return outcome;
      }
      default:
        throw new LedgerError('QUARANTINE_RETRY_FAILED', `the ledger does not consume ${event.type}`);
    }
  }

  private async parkedEntry(id: string): Promise<QuarantinedEvent> {
    if (!/^[0-9]{1,18}$/.test(id)) throw new LedgerError('QUARANTINE_NOT_FOUND');
    const entry = await this.read((sql) => findQuarantined(sql, id));
    if (!entry) throw new LedgerError('QUARANTINE_NOT_FOUND');
    if (entry.status !== 'parked')
      throw new LedgerError('QUARANTINE_NOT_PARKED', `message ${id} was already ${entry.status}`);
    return entry;
  }

  /** Two back-office actions on one entry: the second waits, then finds it resolved. */
  private async lockParked(ctx: TransactionContext, id: string): Promise<void> {
    const locked = await findQuarantined(ctx.sql, id, true);
    if (!locked || locked.status !== 'parked')
      throw new LedgerError('QUARANTINE_NOT_PARKED', `message ${id} was resolved meanwhile`);
  }

  private async failRetry(
    entry: QuarantinedEvent,
    who: QuarantineActor,
    failure: ApplyFailure,
  ): Promise<never> {
    await this.dataSource.transaction((m) => recordFailedRetry(sqlOf(m), entry.id, who, failure));
    throw new LedgerError('QUARANTINE_RETRY_FAILED', `${failure.code}: ${failure.message}`);
  }

  private async read<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    const runner = this.dataSource.createQueryRunner();
    try {
      return await work(sqlOf(runner));
    } finally {
      await runner.release();
    }
  }
}

function roundOf(event: CasinoEvent): { tableId: string; roundId: string } | undefined {
  switch (event.type) {
    case 'RoundOpened':
    case 'BettingClosed':
    case 'RoundResult':
    case 'RoundVoided':
      return { tableId: event.tableId, roundId: event.roundId };
    default:
      return undefined;
  }
}
