import { buildEvent, funOperatorId } from '@casino/events';
import { Injectable } from '@nestjs/common';
import { LedgerError } from '../../errors/ledger.errors';
import { changePlayer } from '../../operators/player.repository';
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
      const [row] = await ctx.sql.rows<{
        player_id: string;
        operator_id: string;
        revoked_at: Date;
        newly: boolean;
      }>(
        `WITH s AS (SELECT player_id, operator_id, revoked_at FROM ledger_player_sessions
                    WHERE session_id = $1 AND operator_id = ANY($2) FOR UPDATE),
              u AS (UPDATE ledger_player_sessions SET revoked_at = now(), revoke_reason = 'operator'
                    WHERE session_id = $1 AND operator_id = ANY($2) AND revoked_at IS NULL RETURNING revoked_at)
         SELECT s.player_id, s.operator_id, coalesce(s.revoked_at, (SELECT revoked_at FROM u)) AS revoked_at,
                s.revoked_at IS NULL AS newly FROM s`,
        [sessionId, [operatorId, funOperatorId(operatorId)]],
      );
      if (!row) throw new LedgerError('SESSION_NOT_FOUND', `no session ${sessionId}`);
      if (row.newly) {
        ctx.outbox.add(
          buildEvent('PlayerSessionRevoked', {
            operatorId: row.operator_id,
            playerId: row.player_id,
            sessionId,
            reason: 'operator',
          }),
        );
      }
      return { sessionId, playerId: row.player_id, revokedAt: new Date(row.revoked_at).toISOString() };
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
        const revoked = await ctx.sql.rows(
          `UPDATE ledger_player_sessions SET revoked_at = now(), revoke_reason = 'player-suspended'
           WHERE operator_id = ANY($1) AND player_id = $2 AND revoked_at IS NULL AND expires_at > now()
           RETURNING session_id`,
          [[operatorId, funOperatorId(operatorId)], playerId],
        );
        sessionsRevoked = revoked.length;
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
