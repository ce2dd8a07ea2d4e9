import { BACCARAT_BET_TYPES, BLACKJACK_STAKE_KINDS, ROULETTE_BET_TYPES } from '@casino/events';
import { Injectable } from '@nestjs/common';
import { LedgerError } from '../../errors/ledger.errors';
import { TransactionRunner } from '../../transaction/transaction.runner';
import {
  VipAuditEntry,
  VipGrant,
  VipGrantKey,
  vipLimitsRepository,
} from '../../vip-limits/vip-limits.repository';

/** The bet keys a grant may name per game ('*' = every key of the game). */
const GRANT_KEYS: Readonly<Record<string, readonly string[]>> = {
  baccarat: BACCARAT_BET_TYPES,
  roulette: ROULETTE_BET_TYPES,
  blackjack: BLACKJACK_STAKE_KINDS,
};

export interface VipGrantCommand extends VipGrantKey {
  max: bigint;
  actor: string;
  reason: string;
}

export interface VipRevokeCommand extends VipGrantKey {
  actor: string;
  reason: string;
}

/**
 * Operator-granted VIP limits (docs/rules/restrictions.md#vip-limits): a maximum above the table's for one player,
 * game and bet key. A grant only takes effect at tables with a VIP ceiling for the key, and never above it; the
 * player's own narrowing limits and responsible-gambling limits still apply. Every change is audited with who
 * and why, in the transaction that makes it.
 */
@Injectable()
export class GrantVipLimitsUseCase {
  constructor(private readonly transactions: TransactionRunner) {}

  async grant(cmd: VipGrantCommand): Promise<{ previousMax: bigint | null }> {
    checkKey(cmd);
    if (cmd.max <= 0n) throw new LedgerError('INVALID_REQUEST', 'max must be positive');
    const previousMax = await this.transactions.run('tx.vipGrant', (ctx) =>
      vipLimitsRepository.grant(ctx.sql, cmd, cmd.max, cmd.actor, cmd.reason),
    );
    return { previousMax };
  }

  async revoke(cmd: VipRevokeCommand): Promise<{ previousMax: bigint }> {
    checkKey(cmd);
    const previousMax = await this.transactions.run('tx.vipRevoke', (ctx) =>
      vipLimitsRepository.revoke(ctx.sql, cmd, cmd.actor, cmd.reason),
    );
    if (previousMax === null)
      throw new LedgerError('NOT_FOUND', `no VIP limit for ${cmd.game}/${cmd.limitKey} of this player`);
    return { previousMax };
  }

  async list(operatorId: string, playerId: string): Promise<{ grants: VipGrant[]; audit: VipAuditEntry[] }> {
    return this.transactions.run('tx.vipList', async (ctx) => ({
      grants: await vipLimitsRepository.list(ctx.sql, operatorId, playerId),
      audit: await vipLimitsRepository.audit(ctx.sql, operatorId, playerId),
    }));
  }
}

function checkKey(key: VipGrantKey): void {
  const keys = GRANT_KEYS[key.game];
  if (!keys) throw new LedgerError('INVALID_REQUEST', `game: one of ${Object.keys(GRANT_KEYS).join(', ')}`);
  if (key.limitKey !== '*' && !keys.includes(key.limitKey))
    throw new LedgerError('INVALID_REQUEST', `limitKey: '*' or a ${key.game} bet (${keys.join(', ')})`);
  if (!/^.{1,128}$/su.test(key.playerId))
    throw new LedgerError('INVALID_REQUEST', 'playerId: 1-128 characters');
}
