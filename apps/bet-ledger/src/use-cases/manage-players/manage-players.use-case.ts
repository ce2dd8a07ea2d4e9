import { buildEvent, funOperatorId } from '@casino/events';
import { Injectable } from '@nestjs/common';
import { LedgerError } from '../../errors/ledger.errors';
import { changePlayer } from '../../operators/player.repository';
import { revokeLiveSessions, revokeSessionOfOperator } from '../../session-proofs/launch-sessions.repository';
import { TransactionRunner } from '../../transaction/transaction.runner';

export interface RevokedSession {
  sessionId: string;
  playerId: string;
  revokedAt: string;
}

export interface PlayerState {
  playerId: string;
  status: 'active' | 'suspended';
  nickname: string | null;
  /** Sessions this change revoked (suspension revokes every open one). */
  sessionsRevoked: number;
}

/**
 * An operator's own players: revoking a launch session, suspending or reactivating a player (suspending revokes
 * every open session). A revocation is recorded and published (PlayerSessionRevoked) in the same transaction. The
 * operator's fun sessions (its play-money book, funOperatorId) are its own to revoke and end with a suspension too.
 */
@Injectable()
export class ManagePlayersUseCase {
  constructor(private readonly transactions: TransactionRunner) {}

  revokeSession(operatorId: string, sessionId: string): Promise<RevokedSession> {
    return this.transactions.run('tx.revokeSession', async (ctx) => {
      const row = await revokeSessionOfOperator(ctx.sql, sessionId, [operatorId, funOperatorId(operatorId)]);
      if (!row) throw new LedgerError('SESSION_NOT_FOUND', `no session ${sessionId}`);
      if (row.newly) {
        ctx.outbox.add(
          buildEvent('PlayerSessionRevoked', {
            operatorId: row.operatorId,
            playerId: row.playerId,
            sessionId,
            reason: 'operator',
          }),
        );
      }
      return { sessionId, playerId: row.playerId, revokedAt: row.revokedAt.toISOString() };
    });
  }

  updatePlayer(
    operatorId: string,
    playerId: string,
    change: { status?: 'active' | 'suspended'; nickname?: string },
  ): Promise<PlayerState> {
    return this.transactions.run('tx.updatePlayer', async (ctx) => {
      const player = await changePlayer(ctx.sql, operatorId, playerId, {
        status: change.status ?? null,
        nickname: change.nickname ?? null,
      });
      let sessionsRevoked = 0;
      if (player.status === 'suspended') {
        const scopes = [operatorId, funOperatorId(operatorId)];
        sessionsRevoked = await revokeLiveSessions(ctx.sql, scopes, 'player-suspended', playerId);
        if (change.status === 'suspended') {
          // One event for all of them: the services close every socket of the player, whatever its session.
          for (const scope of [operatorId, funOperatorId(operatorId)])
            ctx.outbox.add(
              buildEvent('PlayerSessionRevoked', { operatorId: scope, playerId, reason: 'player-suspended' }),
            );
        }
      }
      return { playerId, status: player.status, nickname: player.nickname, sessionsRevoked };
    });
  }
}
