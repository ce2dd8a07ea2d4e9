import { Controller, Get, Inject, Res } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LOBBY_CONFIG, LobbyConfig } from '../config/lobby-config';

/**
 * The player web client's page at `/lobby` (the launch URL: LOBBY_URL?token=…&language=…&game=…&table=…); its
 * assets are served statically under `/lobby/` (see serveWebClient).
 */
/** What the page handler uses of express's response. */
interface PageResponse {
  status(code: number): { json(body: unknown): void };
  setHeader(name: string, value: string): void;
  sendFile(path: string): void;
}

@Controller()
export class WebClientController {
  constructor(@Inject(LOBBY_CONFIG) private readonly config: LobbyConfig) {}

  @Get(['lobby', 'lobby/'])
  page(@Res() res: PageResponse): void {
    const index = join(this.config.webRoot, 'index.html');
    if (!existsSync(index)) {
      res.status(503).json({
        code: 'WEB_CLIENT_NOT_BUILT',
        message: `no web client at ${this.config.webRoot}: build apps/player-web (npx turbo run build)`,
      });
      return;
    }
    // The page names its hashed assets; it must be read fresh after a deploy.
    res.setHeader('cache-control', 'no-cache');
    res.sendFile(index);
  }
}
