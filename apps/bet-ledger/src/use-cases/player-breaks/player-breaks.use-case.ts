import { funOperatorId, realOperatorIdOf, type PlayerClaims } from '@casino/events';
import { Injectable } from '@nestjs/common';
import { LedgerError } from '../../errors/ledger.errors';
import { TransactionRunner } from '../../transaction/transaction.runner';
import {
  GamblingLimitsState,
  SetGamblingLimitsUseCase,
} from '../set-gambling-limits/set-gambling-limits.use-case';
import { COOLING_OFF_KIND } from '../../responsible-gambling/gambling-periods';
import { limitSessionTime } from '../../session-proofs/session-proof.repository';
import { PlayerLimitsRequest } from './player-breaks.schemas';

/** What the player client shows in its responsible-gambling panel (docs/player-client.md#responsible-gambling). */
export interface PlayerGamblingView extends GamblingLimitsState {
  /** The end of the player's break, while one lasts. */
  coolingOffUntil: string | null;
  /** The operator's reality-check interval for the player's jurisdiction (the launch option), or null. */
  realityCheckMinutes: number | null;
  /** Whether the operator lets the player set their own limits (the launch option `playerLimits`). */
  playerLimits: boolean;
  /** The player's limit on this session's length, and when it ends play (null for none). */
  sessionTimeLimit: { minutes: number; endsAt: string } | null;
}

/**
 * The player's own side of responsible gambling, with their player token: a cooling-off that the bet decision
 * enforces (COOLING_OFF, docs/rules/restrictions.md#cooling-off) and, where the operator allows it, their own loss
 * and stake limits, kept as the operator's are (a lower limit at once, a raise after LEDGER_LIMIT_RAISE_DELAY_HOURS).
 */
@Injectable()
export class PlayerBreaksUseCase {
  /** Tests move the clock. */
  now: () => Date = () => new Date();

  constructor(
    private readonly transactions: TransactionRunner,
    private readonly limits: SetGamblingLimitsUseCase,
  ) {}

  async view(who: PlayerClaims): Promise<PlayerGamblingView> {
    const [session, state] = await Promise.all([
      this.session(who),
      this.limits.get(operatorOf(who), who.playerId, who.currency),
    ]);
    const until = await this.coolingOffUntil(who);
    const minutes = session.time_limit_minutes;
    return {
      ...state,
      coolingOffUntil: until,
      realityCheckMinutes: session.reality_check_minutes,
      playerLimits: session.player_limits,
      sessionTimeLimit:
        minutes === null
          ? null
          : { minutes, endsAt: new Date(session.created_at.getTime() + minutes * 60_000).toISOString() },
    };
  }

  /**
   * Starts (or lengthens) a break of `hours` in every currency of the operator: the end is the later of the one
   * running and now + hours, so a player cannot end a break early by asking for a shorter one. The break covers the
   * operator's real and play-money books alike (docs/operator-integration.md#fun-mode), whichever it was taken in.
   */
  async coolOff(who: PlayerClaims, hours: number): Promise<PlayerGamblingView> {
    const until = this.now().getTime() + hours * 3_600_000;
    await this.transactions.run('tx.coolingOff', async (ctx) => {
      await ctx.sql.rows(
        `INSERT INTO ledger_gambling_limits AS l (operator_id, player_id, currency, kind, amount, updated_at)
         SELECT o.operator_id, $2, c, $3, $4, now() FROM ledger_operators o, unnest(o.currencies) AS c
          WHERE o.operator_id = ANY($1)
         ORDER BY o.operator_id, c
         ON CONFLICT (operator_id, player_id, currency, kind)
           DO UPDATE SET amount = greatest(l.amount, EXCLUDED.amount), updated_at = now()`,
        [booksOf(who.operatorId), who.playerId, COOLING_OFF_KIND, until.toString()],
      );
    });
    return this.view(who);
  }

  /**
   * The player's own daily loss and stake limits and the length of this session (docs/rules/restrictions.md
   * #session-time-limit); PLAYER_LIMITS_NOT_ALLOWED unless the launch allowed them.
   */
  async setLimits(who: PlayerClaims, body: PlayerLimitsRequest): Promise<PlayerGamblingView> {
    const session = await this.session(who);
    if (!session.player_limits) throw new LedgerError('PLAYER_LIMITS_NOT_ALLOWED');
    if (body.dailyLoss !== undefined || body.maxStake !== undefined)
      await this.limits.set(operatorOf(who), {
        playerId: who.playerId,
        currency: who.currency,
        limits: { daily_loss: body.dailyLoss, max_stake: body.maxStake },
      });
    const minutes = body.sessionMinutes;
    if (minutes !== undefined) {
      const set = await this.transactions.run('tx.sessionTimeLimit', (ctx) =>
        limitSessionTime(ctx.sql, { sessionId: who.sid ?? '', ...who }, minutes),
      );
      if (set === undefined) throw new LedgerError('UNAUTHENTICATED', 'the launch session is over');
    }
    return this.view(who);
  }

  private async coolingOffUntil(who: PlayerClaims): Promise<string | null> {
    const [row] = await this.transactions.run('tx.coolingOffRead', (ctx) =>
      ctx.sql.rows<{ until: string | null }>(
        `SELECT max(amount)::text AS until FROM ledger_gambling_limits
          WHERE operator_id = $1 AND player_id = $2 AND kind = $3`,
        [who.operatorId, who.playerId, COOLING_OFF_KIND],
      ),
    );
    const until = row?.until ? Number(row.until) : 0;
    return until > this.now().getTime() ? new Date(until).toISOString() : null;
  }

  private async session(who: PlayerClaims): Promise<LaunchSessionRow> {
    const [row] = await this.transactions.run('tx.playerSessionRead', (ctx) =>
      ctx.sql.rows<LaunchSessionRow>(
        `SELECT reality_check_minutes, player_limits, time_limit_minutes, created_at FROM ledger_player_sessions
          WHERE session_id = $1 AND operator_id = $2 AND player_id = $3`,
        [who.sid ?? '', who.operatorId, who.playerId],
      ),
    );
    if (!row)
      throw new LedgerError('UNAUTHENTICATED', 'the player token names no launch session of the player');
    return row;
  }
}

/** What the player's side reads of their launch session. */
interface LaunchSessionRow {
  reality_check_minutes: number | null;
  player_limits: boolean;
  time_limit_minutes: number | null;
  created_at: Date;
}

/** The token's operator, offering the token's currency: what the limits use case needs of an operator. */
/** The operator's real book and its play-money book (which exists once a fun launch made it). */
function booksOf(operatorId: string): string[] {
  const real = realOperatorIdOf(operatorId);
  return [real, funOperatorId(real)];
}

function operatorOf(who: PlayerClaims): { operatorId: string; currencies: string[] } {
  return { operatorId: who.operatorId, currencies: [who.currency] };
}
