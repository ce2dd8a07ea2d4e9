import { verifyPlayerToken } from '@casino/events';
import { Controller, Get, Headers, HttpException, Inject } from '@nestjs/common';
import { LOBBY_CONFIG, LobbyConfig } from '../config/lobby-config';
import type { LobbyPlayer } from '@casino/player-protocol';

const MINOR = /^(0|[1-9][0-9]{0,18})$/;

/**
 * `GET /api/me` (header `Authorization: Bearer <player token>`): the launched player's balance in the token's
 * currency, for the lobby's header before any table is joined. The token is verified like the game services do
 * (signature, shape, expiry); the balance is the ledger's.
 */
@Controller()
export class PlayerWalletController {
  constructor(@Inject(LOBBY_CONFIG) private readonly config: LobbyConfig) {}

  @Get('api/me')
  async me(@Headers('authorization') authorization: string | undefined): Promise<LobbyPlayer> {
    const wallet = this.config.wallet;
    if (!wallet)
      throw new HttpException(
        { code: 'BALANCE_UNAVAILABLE', message: 'the lobby has no ledger configured' },
        404,
      );
    const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    const check = verifyPlayerToken(token, wallet.playerTokenSecret);
    if (!check.ok) throw new HttpException({ code: 'UNAUTHENTICATED', message: check.message }, 401);
    const { operatorId, playerId, currency } = check.claims;
    let rows: unknown;
    try {
      const res = await fetch(
        `${wallet.ledgerUrl}/operators/${encodeURIComponent(operatorId)}/players/${encodeURIComponent(playerId)}/balances`,
        {
          signal: AbortSignal.timeout(this.config.fetchTimeoutMs),
          headers: wallet.backOfficeToken ? { authorization: `Bearer ${wallet.backOfficeToken}` } : {},
        },
      );
      if (res.status === 404) rows = [];
      else if (!res.ok) throw new Error(`HTTP ${res.status}`);
      else rows = await res.json();
    } catch {
      throw new HttpException({ code: 'SERVICE_UNAVAILABLE', message: 'the ledger does not answer' }, 503);
    }
    const row = Array.isArray(rows)
      ? (rows as { currency?: unknown; balance?: unknown }[]).find((r) => r.currency === currency)
      : undefined;
    const balance = typeof row?.balance === 'string' && MINOR.test(row.balance) ? row.balance : '0';
    return { currency, balance, nickname: check.claims.nickname ?? null };
  }
}
