import { buildEvent, RoundResultPayload } from '@casino/events';
import { Sql, sqlOf } from '@casino/wallet';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LEDGER_CONFIG, LedgerConfig } from '../../config/ledger-config';
import { LedgerError } from '../../errors/ledger.errors';
import {
  AttentionFilter,
  AttentionRound,
  InterventionView,
  listAttentionRounds,
  lockForIntervention,
  parkedResultOf,
  LockedForIntervention,
  recordIntervention,
  roundInterventions,
  roundProblem,
} from '../../rounds/round-attention.repository';
import { TransactionContext } from '../../transaction/transaction-context';
import { TransactionRunner } from '../../transaction/transaction.runner';
import { settleRound } from '../settle-round/settle-round.use-case';
import { voidRound } from '../void-round/void-round.use-case';

/** Who intervenes and why (both kept in the audit; the back-office token is shared, so `actor` is as told). */
export interface InterventionActor {
  actor: string;
  reason: string;
}

export interface InterventionResult {
  id: string;
  tableId: string;
  roundId: string;
  action: 'void' | 'resubmit';
  statusBefore: string;
  statusAfter: string;
  at: string;
}

type RoundRef = { tableId: string; roundId: string };

/**
 * The back office's exits for disputed and stuck rounds (docs/ledger.md#disputed-and-stuck-rounds). Each takes
 * the round's lock first, like settlement, so it applies once against a racing intervention or Kafka event, and
 * goes through the void or settlement use case itself; the audit row is written in the same transaction.
 */
@Injectable()
export class InterveneRoundUseCase {
  private readonly stuckSeconds: number;

  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
    @Inject(LEDGER_CONFIG) config: LedgerConfig,
  ) {
    this.stuckSeconds = config.LEDGER_STUCK_ROUND_MINUTES * 60;
  }

  list(filter: Omit<AttentionFilter, 'stuckSeconds'>): Promise<AttentionRound[]> {
    return this.read((sql) => listAttentionRounds(sql, { ...filter, stuckSeconds: this.stuckSeconds }));
  }

  async interventions(r: RoundRef): Promise<InterventionView[]> {
    return this.read((sql) => roundInterventions(sql, r.tableId, r.roundId));
  }

  /** Refunds every live stake of a disputed or stuck round, as a RoundVoided would. */
  void(r: RoundRef, who: InterventionActor): Promise<InterventionResult> {
    return this.transactions.run('tx.intervention.void', async (ctx) => {
      const round = await this.lock(ctx, r);
      if (round.status !== 'disputed' && !round.stuck) throw new LedgerError('ROUND_NOT_STUCK');
      // A round whose result is parked has a known outcome: a void would refund its winners their stakes only.
      const parked = await parkedResultOf(ctx.sql, r.tableId, r.roundId);
      if (parked !== undefined)
        throw new LedgerError(
          'ROUND_RESULT_PARKED',
          `the round's RoundResult is parked (quarantine ${parked}): retry it once fixed, or discard it first`,
        );
      const event = buildEvent('RoundVoided', {
        ...r,
        game: round.game,
        reason: 'cancelled',
        message: who.reason.slice(0, 500),
      });
      const effect = await voidRound(ctx, event, 'back-office');
      if (effect !== 'voided') throw new Error(`void of ${r.tableId}/${r.roundId} came to ${effect}`);
      return this.audit(ctx, r, event.id, 'void', who, round, 'voided');
    });
  }

  /** Settles a disputed round from a corrected result, through the normal settlement path. */
  resubmit(r: RoundRef, who: InterventionActor, result: RoundResultPayload): Promise<InterventionResult> {
    return this.transactions.run('tx.intervention.resubmit', async (ctx) => {
      const round = await this.lock(ctx, r);
      if (round.status !== 'disputed') throw new LedgerError('ROUND_NOT_DISPUTED');
      const event = buildEvent('RoundResult', { ...r, game: result.game, result });
      const effect = await settleRound(ctx, event, 'back-office');
      if (effect === 'disputed') {
        // Thrown, so the transaction rolls back and the round keeps its first problem and result.
        const problem = await roundProblem(ctx.sql, r.tableId, r.roundId);
        throw new LedgerError('ROUND_RESULT_REFUSED', problem ?? undefined);
      }
      if (effect !== 'settled') throw new Error(`resubmit of ${r.tableId}/${r.roundId} came to ${effect}`);
      return this.audit(ctx, r, event.id, 'resubmit', who, round, 'settled', result);
    });
  }

  private async lock(ctx: TransactionContext, r: RoundRef): Promise<LockedForIntervention> {
    const round = await lockForIntervention(ctx.sql, r.tableId, r.roundId, this.stuckSeconds);
    if (!round) throw new LedgerError('ROUND_NOT_FOUND');
    if (round.status === 'settled' || round.status === 'voided')
      throw new LedgerError('ROUND_FINAL', `round ${r.tableId}/${r.roundId} is already ${round.status}`);
    return round;
  }

  private async audit(
    ctx: TransactionContext,
    r: RoundRef,
    id: string,
    action: 'void' | 'resubmit',
    who: InterventionActor,
    before: LockedForIntervention,
    statusAfter: 'voided' | 'settled',
    result?: RoundResultPayload,
  ): Promise<InterventionResult> {
    const at = await recordIntervention(ctx.sql, {
      id,
      ...r,
      action,
      ...who,
      statusBefore: before.status,
      statusAfter,
      problemBefore: before.problem,
      result,
    });
    ctx.log.warn(
      `round ${r.tableId}/${r.roundId} ${action} by ${who.actor} (${before.status} → ${statusAfter}): ${who.reason}`,
    );
    return { id, ...r, action, statusBefore: before.status, statusAfter, at };
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
