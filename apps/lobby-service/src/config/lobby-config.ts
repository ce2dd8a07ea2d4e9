import { join } from 'node:path';
import { gameSchema } from '@casino/events';
import { z } from 'zod';

/** The games of the registry (@casino/games, through the events' game enum). */
export const GAMES = gameSchema.options;
export type Game = (typeof GAMES)[number];

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
const presentationSchema = z.record(
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
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'not JSON' });
      return z.NEVER;
    }
  })
  .pipe(presentationSchema);

const envSchema = z.object({
  HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Each game service's instances, comma separated (each runs a share of the tables and lists only those). */
  BACCARAT_SERVICE_URL: httpUrls.default('http://127.0.0.1:3101'),
  BLACKJACK_SERVICE_URL: httpUrls.default('http://127.0.0.1:3102'),
  ROULETTE_SERVICE_URL: httpUrls.default('http://127.0.0.1:3103'),
  /**
   * What browsers use to reach each instance (a public host name or a proxy path), in the same order; default: the
   * service URLs.
   */
  BACCARAT_PUBLIC_URL: httpUrls.optional(),
  BLACKJACK_PUBLIC_URL: httpUrls.optional(),
  ROULETTE_PUBLIC_URL: httpUrls.optional(),
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
  const problems: string[] = [];
  const endpointsOf = (
    game: Game,
    urls: string[],
    publicUrls: string[] | undefined,
  ): GameServiceEndpoint[] => {
    const name = game.toUpperCase();
    if (publicUrls && publicUrls.length !== urls.length)
      problems.push(
        `${name}_PUBLIC_URL: ${publicUrls.length} URL(s) for ${urls.length} instance(s) in ${name}_SERVICE_URL`,
      );
    return urls.map((url, i) => ({ game, url, publicUrl: publicUrls?.[i] ?? url }));
  };
  const services = [
    ...endpointsOf('baccarat', e.BACCARAT_SERVICE_URL, e.BACCARAT_PUBLIC_URL),
    ...endpointsOf('blackjack', e.BLACKJACK_SERVICE_URL, e.BLACKJACK_PUBLIC_URL),
    ...endpointsOf('roulette', e.ROULETTE_SERVICE_URL, e.ROULETTE_PUBLIC_URL),
  ];
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
