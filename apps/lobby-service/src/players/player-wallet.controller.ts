import { verifyPlayerToken } from '@casino/events';
import { Controller, Get, Headers, HttpException, Inject } from '@nestjs/common';
import { LOBBY_CONFIG, LobbyConfig } from '../config/lobby-config';
import type { LobbyPlayer } from '@casino/player-protocol';

const MINOR = /^(0|[1-9][0-9]{0,18})$/;

/**
 * `GET /api/me` (header `Authorization: Bearer <player token>`): the launched player's balance in the token's
 * currency, for the lobby's header before any table is joined. The token is verified like the game services do
 * (signature, shape, expiry); the balance is the ledger's, with the bonus balance and its wagering progress when the
 * player has a bonus (docs/ledger.md#bonus-funds).
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
      ? (rows as { currency?: unknown; balance?: unknown; bonus?: unknown; wagering?: unknown }[]).find(
          (r) => r.currency === currency,
        )
      : undefined;
    const minor = (v: unknown) => (typeof v === 'string' && MINOR.test(v) ? v : undefined);
    const balance = minor(row?.balance) ?? '0';
    const bonus = minor(row?.bonus);
    const w = (row?.wagering ?? {}) as { wagered?: unknown; requirement?: unknown; expiresAt?: unknown };
    const wagered = minor(w.wagered);
    const requirement = minor(w.requirement);
    const wagering =
      wagered && requirement && typeof w.expiresAt === 'string' && !Number.isNaN(Date.parse(w.expiresAt))
        ? { wagered, requirement, expiresAt: w.expiresAt }
        : undefined;
    return {
      currency,
      balance,
      nickname: check.claims.nickname ?? null,
      ...(bonus === undefined ? {} : { bonus }),
      ...(wagering && bonus !== undefined ? { wagering } : {}),
    };
  }
}
