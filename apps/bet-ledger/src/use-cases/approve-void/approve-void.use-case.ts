import { randomUUID } from 'node:crypto';
import { Sql, sqlOf } from '@casino/wallet';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LedgerError } from '../../errors/ledger.errors';
import { lockRound } from '../../rounds/round.repository';
import {
  firstHeldVoid,
  HeldVoidView,
  listHeldVoids,
  listVoidApprovals,
  markVoidApprovalApplied,
  recordVoidApproval,
  VoidApproval,
  voidApprovalOf,
  VoidListFilter,
} from '../../rounds/void-approvals.repository';
import { TransactionRunner } from '../../transaction/transaction.runner';
import { voidRound } from '../void-round/void-round.use-case';

/** The pit boss who approves: a logged-in staff member (never the platform's system token). */
export interface Approver {
  staffId: string;
  username: string;
  role: string;
}

export interface VoidApprovalResult {
  approval: VoidApproval;
  /** false: the round had an approval already (this is it; nothing new recorded). */
  created: boolean;
  /** The held void this approval applied (the round is now voided and refunded), if one was waiting. */
  appliedEventId: string | null;
}

type RoundRef = { tableId: string; roundId: string };

/**
 * A pit boss approves the void of one round (docs/ledger.md#voids-after-betting-closed). Under the round's lock,
 * like settlement: the approval is recorded (one per round), and a void the ledger held for want of it is applied
 * at once, through the void use case; a void that comes later is applied when it comes.
 */
@Injectable()
export class ApproveVoidUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
  ) {}

  approve(r: RoundRef, who: Approver, reason: string): Promise<VoidApprovalResult> {
    return this.transactions.run('tx.void-approval', async (ctx) => {
      const round = await lockRound(ctx.sql, r.tableId, r.roundId);
      if (!round) throw new LedgerError('ROUND_NOT_FOUND');
      if (round.status === 'settled' || round.status === 'voided')
        throw new LedgerError('ROUND_FINAL', `round ${r.tableId}/${r.roundId} is already ${round.status}`);
      const recorded = await recordVoidApproval(ctx.sql, {
        approvalId: randomUUID(),
        ...r,
        reason,
        staffId: who.staffId,
        approvedBy: who.username,
        role: who.role,
      });
      const held = await firstHeldVoid(ctx.sql, r.tableId, r.roundId);
      let appliedEventId: string | null = null;
      if (held) {
        // The pit boss approves this round's void, whatever approval id the held message claimed.
        const effect = await voidRound(ctx, held, 'back-office');
        if (effect !== 'voided') throw new Error(`held void of ${r.tableId}/${r.roundId} came to ${effect}`);
        await markVoidApprovalApplied(ctx.sql, r.tableId, r.roundId, held.id);
        appliedEventId = held.id;
      }
      ctx.log.warn(
        `void of round ${r.tableId}/${r.roundId} approved by ${who.username} (${recorded.approval.approvalId})` +
          `${appliedEventId ? `, held void ${appliedEventId} applied` : ''}: ${reason}`,
      );
      const approval = (await voidApprovalOf(ctx.sql, r.tableId, r.roundId)) ?? recorded.approval;
      return { approval, created: recorded.created, appliedEventId };
    });
  }

  approvals(f: VoidListFilter): Promise<VoidApproval[]> {
    return this.read((sql) => listVoidApprovals(sql, f));
  }

  held(f: VoidListFilter): Promise<HeldVoidView[]> {
    return this.read((sql) => listHeldVoids(sql, f));
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
