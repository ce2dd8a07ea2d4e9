import {
  Body,
  Controller,
  Get,
  Headers,
  HttpException,
  Inject,
  Param,
  Post,
  Put,
  Query,
  Res,
} from '@nestjs/common';
import { LOBBY_CONFIG, LobbyConfig } from '../config/lobby-config';

/** What the relay uses of express's response. */
interface RelayResponse {
  status(code: number): { json(body: unknown): void };
}

const HISTORY_PARAMS = ['game', 'limit', 'before'] as const;
const LINK_PARAMS = ['operator', 'player', 'table', 'round', 'exp', 'sig'] as const;

/**
 * The player's history for the web client, on the lobby's origin: each route relays to the ledger's player API
 * (docs/player-client.md#history), which checks the player token or the signed link and every parameter. Only
 * the named query parameters are passed on, as strings. The player's responsible-gambling routes
 * (docs/player-client.md#responsible-gambling) are relayed the same way, their JSON body as it came (the ledger
 * validates it).
 */
@Controller('api')
export class PlayerHistoryController {
  constructor(@Inject(LOBBY_CONFIG) private readonly config: LobbyConfig) {}

  @Get('history')
  history(
    @Headers('authorization') authorization: string | undefined,
    @Query() query: Record<string, unknown>,
    @Res() res: RelayResponse,
  ): Promise<void> {
    return this.relay(`/player/history${pick(query, HISTORY_PARAMS)}`, authorization, res);
  }

  @Get('rounds/:tableId/:roundId')
  round(
    @Headers('authorization') authorization: string | undefined,
    @Param('tableId') tableId: string,
    @Param('roundId') roundId: string,
    @Res() res: RelayResponse,
  ): Promise<void> {
    const path = `/player/rounds/${encodeURIComponent(tableId)}/${encodeURIComponent(roundId)}`;
    return this.relay(path, authorization, res);
  }

  @Get('round-links')
  link(@Query() query: Record<string, unknown>, @Res() res: RelayResponse): Promise<void> {
    return this.relay(`/round-links${pick(query, LINK_PARAMS)}`, undefined, res);
  }

  @Get('responsible-gambling')
  gambling(
    @Headers('authorization') authorization: string | undefined,
    @Res() res: RelayResponse,
  ): Promise<void> {
    return this.relay('/player/responsible-gambling', authorization, res);
  }

  @Post('cooling-off')
  coolOff(
    @Headers('authorization') authorization: string | undefined,
    @Body() body: unknown,
    @Res() res: RelayResponse,
  ): Promise<void> {
    return this.relay('/player/cooling-off', authorization, res, { method: 'POST', body });
  }

  @Put('limits')
  limits(
    @Headers('authorization') authorization: string | undefined,
    @Body() body: unknown,
    @Res() res: RelayResponse,
  ): Promise<void> {
    return this.relay('/player/limits', authorization, res, { method: 'PUT', body });
  }

  private async relay(
    path: string,
    authorization: string | undefined,
    res: RelayResponse,
    send?: { method: 'POST' | 'PUT'; body: unknown },
  ): Promise<void> {
    const wallet = this.config.wallet;
    if (!wallet)
      throw new HttpException(
        { code: 'HISTORY_UNAVAILABLE', message: 'the lobby has no ledger configured' },
        404,
      );
    let status: number;
    let body: unknown;
    try {
      const answer = await fetch(wallet.ledgerUrl + path, {
        signal: AbortSignal.timeout(this.config.fetchTimeoutMs),
        headers: {
          ...(authorization ? { authorization } : {}),
          ...(send ? { 'content-type': 'application/json' } : {}),
        },
        ...(send ? { method: send.method, body: JSON.stringify(send.body ?? {}) } : {}),
      });
      status = answer.status;
      body = await answer.json();
    } catch {
      throw new HttpException({ code: 'SERVICE_UNAVAILABLE', message: 'the ledger does not answer' }, 503);
    }
    res.status(status).json(body);
  }
}

/** `?k=v&…` of the allowed parameters that are single strings (an array or object is left out). */
function pick(query: Record<string, unknown>, names: readonly string[]): string {
  const out = new URLSearchParams();
  for (const name of names) {
    const v = query[name];
    if (typeof v === 'string') out.set(name, v);
  }
  const s = out.toString();
  return s ? `?${s}` : '';
}
