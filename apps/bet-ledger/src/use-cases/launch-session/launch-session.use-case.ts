import { signPlayerToken } from '@casino/events';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { LEDGER_CONFIG, LedgerConfig } from '../../config/ledger-config';
import { checkLaunchUrlOrigin } from './launch-url-origin';
import { LedgerError } from '../../errors/ledger.errors';
import { OperatorAccount } from '../../operators/operator-account';
import { registerLaunchingPlayer } from '../../operators/player.repository';
import { TransactionRunner } from '../../transaction/transaction.runner';

export interface LaunchSessionCommand {
  playerId: string;
  currency: string;
  game?: string;
  tableId?: string;
  language?: string;
  nickname?: string;
  /** Launch options (docs/operator-integration.md#launch-options): validated by the API's launch schema. */
  lobbyUrl?: string;
  cashierUrl?: string;
  country?: string;
  device?: 'desktop' | 'mobile' | 'tablet';
  /** The reality-check interval of the player's jurisdiction (minutes), and whether the player sets own limits. */
  realityCheckMinutes?: number;
  playerLimits?: boolean;
}

export interface LaunchedSession {
  sessionId: string;
  token: string;
  expiresAt: string;
  launchUrl: string;
}

/**
 * Launches a player into the lobby: registers the player (or updates their nickname), records a session and signs
 * the platform's player token for it (PLAYER_TOKEN_SECRET, which the operator never holds; `sid` = session id;
 * `origins` = the operator's own origins, which the game services let open its players' sockets).
 */
@Injectable()
export class LaunchSessionUseCase {
  constructor(
    private readonly transactions: TransactionRunner,
    @Inject(LEDGER_CONFIG) private readonly config: LedgerConfig,
  ) {}

  async execute(
    operator: OperatorAccount,
    cmd: LaunchSessionCommand,
    nowMs = Date.now(),
  ): Promise<LaunchedSession> {
    if (!operator.currencies.includes(cmd.currency))
      throw new LedgerError(
        'CURRENCY_NOT_SUPPORTED',
        `${operator.operatorId} does not offer ${cmd.currency}`,
      );
    checkLaunchUrlOrigin('lobbyUrl', cmd.lobbyUrl, operator.allowedOrigins);
    checkLaunchUrlOrigin('cashierUrl', cmd.cashierUrl, operator.allowedOrigins);
    const sessionId = randomUUID();
    const iat = Math.floor(nowMs / 1000);
    const exp = iat + this.config.LEDGER_SESSION_TTL_SECONDS;
    const expiresAt = new Date(exp * 1000).toISOString();
    await this.transactions.run('tx.launchSession', async (ctx) => {
      const status = await registerLaunchingPlayer(
        ctx.sql,
        operator.operatorId,
        cmd.playerId,
        cmd.nickname ?? null,
      );
      if (status !== 'active') throw new LedgerError('PLAYER_SUSPENDED');
      await ctx.sql.rows(
        `INSERT INTO ledger_player_sessions
           (session_id, operator_id, player_id, currency, game, table_id, language, expires_at,
            lobby_url, cashier_url, country, device, reality_check_minutes, player_limits)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [
          sessionId,
          operator.operatorId,
          cmd.playerId,
          cmd.currency,
          cmd.game ?? null,
          cmd.tableId ?? null,
          cmd.language ?? null,
          expiresAt,
          cmd.lobbyUrl ?? null,
          cmd.cashierUrl ?? null,
          cmd.country ?? null,
          cmd.device ?? null,
          cmd.realityCheckMinutes ?? null,
          cmd.playerLimits === true,
        ],
      );
    });
    const token = signPlayerToken(
      {
        playerId: cmd.playerId,
        operatorId: operator.operatorId,
        currency: cmd.currency,
        exp,
        iat,
        sid: sessionId,
        ...(cmd.nickname ? { nickname: cmd.nickname } : {}),
        ...(operator.allowedOrigins.length > 0 ? { origins: operator.allowedOrigins } : {}),
      },
      this.config.PLAYER_TOKEN_SECRET,
    );
    const query = new URLSearchParams({ token });
    if (cmd.language) query.set('language', cmd.language);
    if (cmd.game) query.set('game', cmd.game);
    if (cmd.tableId) query.set('table', cmd.tableId);
    // The player client's back button and deposit button (apps/player-web/src/launch/launch.ts).
    if (cmd.lobbyUrl) query.set('lobbyUrl', cmd.lobbyUrl);
    if (cmd.cashierUrl) query.set('cashierUrl', cmd.cashierUrl);
    if (cmd.country) query.set('country', cmd.country);
    if (cmd.device) query.set('device', cmd.device);
    // Responsible gambling in the client (docs/player-client.md#responsible-gambling).
    if (cmd.realityCheckMinutes) query.set('realityCheck', String(cmd.realityCheckMinutes));
    if (cmd.playerLimits) query.set('playerLimits', '1');
    return { sessionId, token, expiresAt, launchUrl: `${this.config.LOBBY_URL}?${query.toString()}` };
  }
}
