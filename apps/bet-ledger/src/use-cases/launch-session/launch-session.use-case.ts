import { signPlayerToken } from '@casino/events';
import { WalletService } from '@casino/wallet';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { realityCheckMinutesOf } from '../../config/jurisdictions';
import { LEDGER_CONFIG, LedgerConfig } from '../../config/ledger-config';
import { checkLaunchUrlOrigin } from './launch-url-origin';
import { LedgerError } from '../../errors/ledger.errors';
import { openFunBook, realPlayerBlock, topUpFunWallet } from '../../operators/fun-book';
import { OperatorAccount } from '../../operators/operator-account';
import { registerLaunchingPlayer } from '../../operators/player.repository';
import { recordLaunchSession } from '../../session-proofs/launch-sessions.repository';
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
  /**
   * The reality-check interval of the player's jurisdiction (minutes; absent: LEDGER_JURISDICTIONS' for `country`),
   * and whether the player sets own limits.
   */
  realityCheckMinutes?: number;
  playerLimits?: boolean;
  /** `fun`: play money in the operator's play-money book (docs/operator-integration.md#fun-mode); default `real`. */
  mode?: 'real' | 'fun';
}

export interface LaunchedSession {
  sessionId: string;
  token: string;
  expiresAt: string;
  launchUrl: string;
  mode: 'real' | 'fun';
  /** A fun session's play-money balance after the launch's top-up (minor units); absent for real money. */
  funBalance?: string;
}

/**
 * Launches a player into the lobby: registers the player (or updates their nickname), records a session and signs
 * the platform's player token for it (PLAYER_TOKEN_SECRET, which the operator never holds; `sid` = session id;
 * `origins` = the operator's own origins, which the game services let open its players' sockets).
 *
 * A fun launch does all of it in the operator's play-money book instead (operators/fun-book.ts): the session, the
 * player and the token's operatorId are `fun:<operatorId>`, the token says `fun`, and the player's play-money wallet
 * is topped up; every bet of that token is decided, settled and checked in that book, never in the real one.
 */
@Injectable()
export class LaunchSessionUseCase {
  private readonly wallet: WalletService;

  constructor(
    dataSource: DataSource,
    private readonly transactions: TransactionRunner,
    @Inject(LEDGER_CONFIG) private readonly config: LedgerConfig,
  ) {
    this.wallet = new WalletService(dataSource);
  }

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
    const fun = cmd.mode === 'fun';
    // The operator's own interval, else the one LEDGER_JURISDICTIONS sets for the player's country.
    const realityCheckMinutes = realityCheckMinutesOf(this.config.LEDGER_JURISDICTIONS, cmd);
    let scope = operator.operatorId;
    let funBalance: bigint | undefined;
    await this.transactions.run('tx.launchSession', async (ctx) => {
      if (fun) {
        const block = await realPlayerBlock(ctx.sql, operator.operatorId, cmd.playerId, nowMs);
        if (block) throw new LedgerError(block);
        scope = await openFunBook(ctx.sql, operator);
      }
      const status = await registerLaunchingPlayer(ctx.sql, scope, cmd.playerId, cmd.nickname ?? null);
      if (status !== 'active') throw new LedgerError('PLAYER_SUSPENDED');
      await recordLaunchSession(ctx.sql, {
        sessionId,
        operatorId: scope,
        playerId: cmd.playerId,
        currency: cmd.currency,
        game: cmd.game ?? null,
        tableId: cmd.tableId ?? null,
        language: cmd.language ?? null,
        expiresAt,
        lobbyUrl: cmd.lobbyUrl ?? null,
        cashierUrl: cmd.cashierUrl ?? null,
        country: cmd.country ?? null,
        device: cmd.device ?? null,
        realityCheckMinutes: realityCheckMinutes ?? null,
        playerLimits: cmd.playerLimits === true,
      });
      if (fun)
        funBalance = await topUpFunWallet(
          ctx.sql,
          this.wallet,
          ctx.outbox,
          scope,
          cmd.playerId,
          cmd.currency,
          sessionId,
        );
    });
    const token = signPlayerToken(
      {
        playerId: cmd.playerId,
        operatorId: scope,
        currency: cmd.currency,
        exp,
        iat,
        sid: sessionId,
        ...(cmd.nickname ? { nickname: cmd.nickname } : {}),
        ...(operator.allowedOrigins.length > 0 ? { origins: operator.allowedOrigins } : {}),
        ...(fun ? { fun: true as const } : {}),
        // The game services' settings by jurisdiction (RNG baccarat's idle time, RNG_IDLE_MINUTES_BY_COUNTRY).
        ...(cmd.country ? { country: cmd.country } : {}),
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
    if (realityCheckMinutes) query.set('realityCheck', String(realityCheckMinutes));
    if (cmd.playerLimits) query.set('playerLimits', '1');
    // The client's play-money badge in place of the cashier (the token says it too; the services trust only that).
    if (fun) query.set('mode', 'fun');
    return {
      sessionId,
      token,
      expiresAt,
      launchUrl: `${this.config.LOBBY_URL}?${query.toString()}`,
      mode: fun ? 'fun' : 'real',
      ...(funBalance !== undefined ? { funBalance: funBalance.toString() } : {}),
    };
  }
}
