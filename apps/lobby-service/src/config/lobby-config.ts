import { join } from 'node:path';
import { recordOf } from '@casino/events';
import { GAME_IDS, type GameId } from '@casino/games';
import { z } from 'zod';

/** The games of the registry (@casino/games). */
export const GAMES = GAME_IDS;
export type Game = GameId;

/** A game id as an environment variable's prefix: `baccarat` → BACCARAT, `dragonTiger` → DRAGON_TIGER. */
export function gameEnvPrefix(game: string): string {
  return game.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

/** `<GAME>_SERVICE_URL` and `<GAME>_PUBLIC_URL`, whatever their game. */
const GAME_URL_VARIABLE = /^([A-Z][A-Z0-9_]*)_(SERVICE|PUBLIC)_URL$/;

/** Boot fails fast with every bad setting listed, not just the first. */
export class LobbyConfigError extends Error {
  readonly code = 'INVALID_CONFIG';
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'LobbyConfigError';
  }
}

const httpUrl = z
  .string()
  .url()
  .refine((u) => /^https?:\/\//.test(u), 'an http(s) URL')
  .transform((u) => u.replace(/\/+$/, ''));

/** One URL per instance of a game service, comma separated (docs/services.md, "Tables shared by instances"). */
const httpUrls = z
  .string()
  .transform((list) => list.split(',').map((u) => u.trim()))
  .pipe(z.array(httpUrl).min(1).max(64));

/** How a table is presented in the lobby: its display name and its dealer's name (studio tables). */
const presentationSchema = recordOf(
  z.string().min(1).max(64),
  z
    .object({ name: z.string().min(1).max(40).optional(), dealerName: z.string().min(1).max(40).optional() })
    .strict(),
);

const jsonPresentation = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'not JSON' });
      return z.NEVER;
    }
  })
  .pipe(presentationSchema);

/**
 * Per registered game (a map keyed by the registry's ids, @casino/games): `<GAME>_SERVICE_URL`, the game service's
 * instances, comma separated (each runs a share of the tables and lists only those), and `<GAME>_PUBLIC_URL`,
 * what browsers use to reach each instance (a public host name or a proxy path), in the same order (default: the
 * service URLs). Both optional: a game without a service has no tables in the lobby.
 */
const gameUrlsShape = Object.fromEntries(
  GAME_IDS.flatMap((game) => [
    [`${gameEnvPrefix(game)}_SERVICE_URL`, httpUrls.optional()],
    [`${gameEnvPrefix(game)}_PUBLIC_URL`, httpUrls.optional()],
  ]),
) as Record<string, z.ZodOptional<typeof httpUrls>>;

const envSchema = z.object({
  HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  ...gameUrlsShape,
  LOBBY_POLL_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  /** Per request to a game service. */
  LOBBY_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  /** The built player web client (apps/player-web/dist). */
  LOBBY_WEB_ROOT: z.string().min(1).optional(),
  LOBBY_TABLES: jsonPresentation.optional(),
  /** With LEDGER_URL: the lobby answers a launched player's balance (GET /api/me), verifying their token. */
  PLAYER_TOKEN_SECRET: z.string().min(16).optional(),
  LEDGER_URL: httpUrl.optional(),
  /** The ledger's back-office token (its balances route needs it). */
  LEDGER_BACKOFFICE_TOKEN: z.string().min(1).optional(),
});

/** One instance of a game service. */
export interface GameServiceEndpoint {
  game: Game;
  /** Where the lobby reads the instance's tables. */
  url: string;
  /** Where browsers open the instance's socket. */
  publicUrl: string;
}

export interface LobbyConfig {
  httpPort: number;
  services: GameServiceEndpoint[];
  pollMs: number;
  fetchTimeoutMs: number;
  webRoot: string;
  presentation: z.infer<typeof presentationSchema>;
  /** Where the player's balance comes from; null: the lobby does not answer balances. */
  wallet: { ledgerUrl: string; playerTokenSecret: string; backOfficeToken: string | undefined } | null;
}

/** The web client built beside this app in the monorepo: apps/player-web/dist. */
export function defaultWebRoot(): string {
  return join(__dirname, '..', '..', '..', 'player-web', 'dist');
}

/** Reads and checks the environment; throws LobbyConfigError listing every problem. */
export function loadLobbyConfig(env: Record<string, string | undefined>): LobbyConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new LobbyConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const gameUrls = parsed.data as unknown as Record<string, string[] | undefined>;
  const problems: string[] = [];
  // A service URL of a game outside the registry is a typo or a game this build does not have: boot refuses it.
  const prefixes = new Set(GAME_IDS.map(gameEnvPrefix));
  for (const name of Object.keys(env).sort()) {
    const match = GAME_URL_VARIABLE.exec(name);
    if (match && env[name] !== undefined && !prefixes.has(match[1]))
      problems.push(`${name}: no game ${match[1]} in the registry (games: ${GAME_IDS.join(', ')})`);
  }
  const services = GAME_IDS.flatMap((game): GameServiceEndpoint[] => {
    const name = gameEnvPrefix(game);
    const urls = gameUrls[`${name}_SERVICE_URL`];
    const publicUrls = gameUrls[`${name}_PUBLIC_URL`];
    if (!urls) {
      if (publicUrls) problems.push(`${name}_PUBLIC_URL: set without ${name}_SERVICE_URL`);
      return [];
    }
    if (publicUrls && publicUrls.length !== urls.length)
      problems.push(
        `${name}_PUBLIC_URL: ${publicUrls.length} URL(s) for ${urls.length} instance(s) in ${name}_SERVICE_URL`,
      );
    return urls.map((url, i) => ({ game, url, publicUrl: publicUrls?.[i] ?? url }));
  });
  if (problems.length > 0) throw new LobbyConfigError(problems);
  return {
    httpPort: e.HTTP_PORT,
    services,
    pollMs: e.LOBBY_POLL_MS,
    fetchTimeoutMs: e.LOBBY_FETCH_TIMEOUT_MS,
    webRoot: e.LOBBY_WEB_ROOT ?? defaultWebRoot(),
    presentation: e.LOBBY_TABLES ?? {},
    wallet:
      e.LEDGER_URL && e.PLAYER_TOKEN_SECRET
        ? {
            ledgerUrl: e.LEDGER_URL,
            playerTokenSecret: e.PLAYER_TOKEN_SECRET,
            backOfficeToken: e.LEDGER_BACKOFFICE_TOKEN,
          }
        : null,
  };
}

/** Provider token of the LobbyConfig. */
export const LOBBY_CONFIG = Symbol('LOBBY_CONFIG');
