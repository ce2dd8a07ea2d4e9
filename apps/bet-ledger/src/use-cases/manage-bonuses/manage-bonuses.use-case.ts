import { buildEvent } from '@casino/events';
import { isGameId } from '@casino/games';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { BonusGrantRequest, BonusView } from './manage-bonuses.schemas';
import {
  bonusBookIds,
  clearBonusLeftover,
  endBonus,
  lockPlayerBonusAccounts,
  PlayerBonusAccounts,
} from '../../bonus/bonus-books';
import {
  auditBonus,
  BonusRow,
  dueExpiries,
  findBonusByGrant,
  insertBonus,
  leftoverAccounts,
  bonusAccountBalance,
  listBonuses,
  lockActiveBonus,
} from '../../bonus/bonus.repository';
import { gameExcludesBonus } from '../../bonus/bonus-split';
import { grantExpiry, grantRequestHash, startPromotionGrant } from '../../bonus/promotion-grant';
import { LedgerError } from '../../errors/ledger.errors';
import { MAX_LEDGER_AMOUNT, OperatorAccount } from '../../operators/operator-account';
import { TransactionContext } from '../../transaction/transaction-context';
import { TransactionRunner } from '../../transaction/transaction.runner';

/** The advisory lock space of bonus grant ids. */
const BONUS_GRANT_LOCKS = 7140560003;

/**
 * Bonus funds an operator grants its players (docs/ledger.md#bonus-funds, docs/operator-integration.md#bonus-funds):
 * grant (idempotent by the operator's grant id), list, forfeit; and the sweeper's expiries and leftovers. Every
 * transaction locks the player's wallet and bonus account first, then the bonus row.
 */
@Injectable()
export class ManageBonusesUseCase {
  constructor(private readonly transactions: TransactionRunner) {}

  async grant(op: OperatorAccount, playerId: string, req: BonusGrantRequest): Promise<BonusView> {
    if (!/^[1-9][0-9]{0,18}$/.test(req.amount) || BigInt(req.amount) > MAX_LEDGER_AMOUNT)
      throw new LedgerError('INVALID_AMOUNT', 'amount must be a positive integer of minor units below 2^63');
    const amount = BigInt(req.amount);
    const requirement = amount * BigInt(req.wageringMultiple);
    if (requirement > MAX_LEDGER_AMOUNT)
      throw new LedgerError('INVALID_AMOUNT', 'amount × wageringMultiple must stay below 2^63');
    const expires = grantExpiry(req.expiresAt);
    const games = req.games === undefined ? null : [...new Set(req.games)].sort();
    const unknown = games?.filter((g) => !isGameId(g)) ?? [];
    if (unknown.length > 0)
      throw new LedgerError('INVALID_REQUEST', `games not on the platform: ${unknown.join(', ')}`);
    const excluded = games?.filter(gameExcludesBonus) ?? [];
    if (excluded.length > 0)
      throw new LedgerError('INVALID_REQUEST', `bonus funds may never be staked at ${excluded.join(', ')}`);
    const hash = grantRequestHash([playerId, req.currency, req.amount, req.wageringMultiple, expires, games]);
    return this.transactions.run('tx.bonus.grant', async (ctx) => {
      const seen = await startPromotionGrant(ctx, op, {
        grantId: req.grantId,
        playerId,
        currency: req.currency,
        requestHash: hash,
        lockSpace: BONUS_GRANT_LOCKS,
        findByGrant: findBonusByGrant,
      });
      if (seen) return this.viewOf(ctx, seen);
      const accounts = await lockPlayerBonusAccounts(ctx, op.operatorId, playerId, req.currency);
      if (await lockActiveBonus(ctx.sql, accounts.bonusAccountId))
        throw new LedgerError('BONUS_ACTIVE', `player ${playerId} has an active ${req.currency} bonus`);
      // What an ended bonus's bets brought back since is that bonus's, never the new one's.
      await this.clearLeftover(ctx, accounts);
      const bonus = await insertBonus(ctx.sql, {
        bonusId: randomUUID(),
        operatorId: op.operatorId,
        grantId: req.grantId,
        playerId,
        currency: req.currency,
        accountId: accounts.bonusAccountId,
        amount,
        wageringMultiple: req.wageringMultiple,
        requirement,
        games,
        expiresAt: new Date(expires).toISOString(),
        requestHash: hash,
      });
      const books = await bonusBookIds(ctx, op.operatorId, req.currency);
      ctx.postings.add({
        idempotencyKey: `bonus-grant:${bonus.bonusId}`,
        kind: 'bonus_grant',
        reference: `bonus ${bonus.bonusId} (grant ${req.grantId})`,
        currency: req.currency,
        lines: [
          { accountId: books.bonus_granted, amount: -amount },
          { accountId: accounts.bonusAccountId, amount },
        ],
      });
      await auditBonus(ctx.sql, bonus.bonusId, 'grant', amount, `operator:${op.operatorId}`, req.grantId);
      ctx.outbox.add(
        buildEvent('BalanceChanged', {
          playerId,
          operatorId: op.operatorId,
          currency: req.currency,
          reason: 'bonus-grant',
          delta: 0n,
          balance: accounts.cash,
          bonusBalance: amount,
          bonusDelta: amount,
        }),
      );
      return view(bonus, amount);
    });
  }

  async list(op: OperatorAccount, playerId: string): Promise<{ items: BonusView[] }> {
    return this.transactions.run('tx.bonus.list', async (ctx) => {
      const rows = await listBonuses(ctx.sql, op.operatorId, playerId);
      return { items: await Promise.all(rows.map((r) => this.viewOf(ctx, r))) };
    });
  }

  /** Forfeits an active bonus; forfeiting it again answers the same, a converted or expired one BONUS_NOT_ACTIVE. */
  async forfeit(op: OperatorAccount, playerId: string, grantId: string, reason: string): Promise<BonusView> {
    return this.transactions.run('tx.bonus.forfeit', async (ctx) => {
      const found = await findBonusByGrant(ctx.sql, op.operatorId, grantId);
      if (!found || found.playerId !== playerId) throw new LedgerError('BONUS_NOT_FOUND');
      const accounts = await lockPlayerBonusAccounts(ctx, op.operatorId, playerId, found.currency);
      const bonus = await findBonusByGrant(ctx.sql, op.operatorId, grantId, true);
      if (!bonus) throw new LedgerError('BONUS_NOT_FOUND');
      if (bonus.status === 'forfeited') return view(bonus, 0n);
      if (bonus.status !== 'active')
        throw new LedgerError('BONUS_NOT_ACTIVE', `the bonus is ${bonus.status}`);
      await endBonus(ctx, bonus, 'forfeited', accounts.bonus, accounts, `operator:${op.operatorId}`, reason);
      return view({ ...bonus, status: 'forfeited', forfeited: bonus.forfeited + accounts.bonus }, 0n);
    });
  }

  /** Expires the active bonuses past their expiry, each in its own transaction; returns how many ended. */
  async expireDue(limit = 100, at = new Date().toISOString()): Promise<number> {
    const due = await this.transactions.run('tx.bonus.due', (ctx) => dueExpiries(ctx.sql, at, limit));
    let ended = 0;
    for (const d of due) {
      const done = await this.transactions.run('tx.bonus.expire', async (ctx) => {
        const accounts = await lockPlayerBonusAccounts(ctx, d.operatorId, d.playerId, d.currency);
        // Locked after its account: a settlement that counted turnover (or converted it) came first.
        const bonus = await lockActiveBonus(ctx.sql, accounts.bonusAccountId);
        if (!bonus || bonus.bonusId !== d.bonusId || Date.parse(bonus.expiresAt) > Date.parse(at))
          return false;
        await endBonus(
          ctx,
          bonus,
          'expired',
          accounts.bonus,
          accounts,
          'system',
          `expired at ${bonus.expiresAt}`,
        );
        return true;
      });
      if (done) ended += 1;
    }
    return ended;
  }

  /**
   * Bonus accounts holding money without an active bonus (a bet of an ended bonus refunded or paid since): that
   * money goes where its bonus went (cash if converted, else forfeited). Returns how many accounts it cleared.
   */
  async clearLeftovers(limit = 100): Promise<number> {
    const owners = await this.transactions.run('tx.bonus.leftovers', (ctx) =>
      leftoverAccounts(ctx.sql, limit),
    );
    let cleared = 0;
    for (const owner of owners) {
      const moved = await this.transactions.run('tx.bonus.leftover', async (ctx) => {
        const accounts = await lockPlayerBonusAccounts(ctx, owner.operatorId, owner.playerId, owner.currency);
        return this.clearLeftover(ctx, accounts);
      });
      if (moved) cleared += 1;
    }
    return cleared;
  }

  private clearLeftover(ctx: TransactionContext, accounts: PlayerBonusAccounts): Promise<boolean> {
    return clearBonusLeftover(ctx, accounts);
  }

  private async viewOf(ctx: TransactionContext, b: BonusRow): Promise<BonusView> {
    if (b.status !== 'active') return view(b, 0n);
    return view(b, await bonusAccountBalance(ctx.sql, b.accountId));
  }
}

function view(b: BonusRow, balance: bigint): BonusView {
  return {
    bonusId: b.bonusId,
    grantId: b.grantId,
    playerId: b.playerId,
    currency: b.currency,
    amount: b.amount.toString(),
    wageringMultiple: b.wageringMultiple,
    requirement: b.requirement.toString(),
    wagered: b.wagered.toString(),
    games: b.games,
    expiresAt: b.expiresAt,
    status: b.status,
    balance: balance.toString(),
    converted: b.converted.toString(),
    forfeited: b.forfeited.toString(),
    createdAt: b.createdAt,
    endedAt: b.endedAt,
  };
}
