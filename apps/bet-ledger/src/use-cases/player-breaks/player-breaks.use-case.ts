import { funOperatorId, realOperatorIdOf, type PlayerClaims } from '@casino/events';
import { Injectable } from '@nestjs/common';
import { LedgerError } from '../../errors/ledger.errors';
import { TransactionRunner } from '../../transaction/transaction.runner';
import {
  GamblingLimitsState,
  SetGamblingLimitsUseCase,
} from '../set-gambling-limits/set-gambling-limits.use-case';
import { coolingOffEnd, extendCoolingOff } from '../../responsible-gambling/gambling-limits.repository';
import { limitSessionTime } from '../../session-proofs/session-proof.repository';
import {
  launchSessionSettings,
  LaunchSessionSettings,
} from '../../session-proofs/launch-sessions.repository';
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
    const minutes = session.timeLimitMinutes;
    return {
      ...state,
      coolingOffUntil: until,
      realityCheckMinutes: session.realityCheckMinutes,
      playerLimits: session.playerLimits,
      sessionTimeLimit:
        minutes === null
          ? null
          : { minutes, endsAt: new Date(session.createdAt.getTime() + minutes * 60_000).toISOString() },
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
      await extendCoolingOff(ctx.sql, booksOf(who.operatorId), who.playerId, until);
    });
    return this.view(who);
  }

  /**
   * The player's own daily loss and stake limits and the length of this session (docs/rules/restrictions.md
   * #session-time-limit); PLAYER_LIMITS_NOT_ALLOWED unless the launch allowed them.
   */
  async setLimits(who: PlayerClaims, body: PlayerLimitsRequest): Promise<PlayerGamblingView> {
    const session = await this.session(who);
    if (!session.playerLimits) throw new LedgerError('PLAYER_LIMITS_NOT_ALLOWED');
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
    const until = await this.transactions.run('tx.coolingOffRead', (ctx) =>
      coolingOffEnd(ctx.sql, who.operatorId, who.playerId),
    );
    return until !== null && until > this.now().getTime() ? new Date(until).toISOString() : null;
  }

  private async session(who: PlayerClaims): Promise<LaunchSessionSettings> {
    const row = await this.transactions.run('tx.playerSessionRead', (ctx) =>
      launchSessionSettings(ctx.sql, { sessionId: who.sid ?? '', ...who }),
    );
    if (!row)
      throw new LedgerError('UNAUTHENTICATED', 'the player token names no launch session of the player');
    return row;
  }
}

/** What the player's side reads of their launch session. */
/** The token's operator, offering the token's currency: what the limits use case needs of an operator. */
/** The operator's real book and its play-money book (which exists once a fun launch made it). */
function booksOf(operatorId: string): string[] {
  const real = realOperatorIdOf(operatorId);
  return [real, funOperatorId(real)];
}

function operatorOf(who: PlayerClaims): { operatorId: string; currencies: string[] } {
  return { operatorId: who.operatorId, currencies: [who.currency] };
}
