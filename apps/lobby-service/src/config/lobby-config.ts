import { join } from 'node:path';
import { z } from 'zod';

export const GAMES = ['baccarat', 'blackjack', 'roulette'] as const;
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
  BACCARAT_SERVICE_URL: httpUrl.default('http://127.0.0.1:3101'),
  BLACKJACK_SERVICE_URL: httpUrl.default('http://127.0.0.1:3102'),
  ROULETTE_SERVICE_URL: httpUrl.default('http://127.0.0.1:3103'),
  /** What browsers use to reach each service (a public host name or a proxy path); default: the service URL. */
  BACCARAT_PUBLIC_URL: httpUrl.optional(),
  BLACKJACK_PUBLIC_URL: httpUrl.optional(),
  ROULETTE_PUBLIC_URL: httpUrl.optional(),
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

export interface GameServiceEndpoint {
  game: Game;
  /** Where the lobby reads the service's tables. */
  url: string;
  /** Where browsers open the service's socket. */
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
  const services: GameServiceEndpoint[] = [
    {
      game: 'baccarat',
      url: e.BACCARAT_SERVICE_URL,
      publicUrl: e.BACCARAT_PUBLIC_URL ?? e.BACCARAT_SERVICE_URL,
    },
    {
      game: 'blackjack',
      url: e.BLACKJACK_SERVICE_URL,
      publicUrl: e.BLACKJACK_PUBLIC_URL ?? e.BLACKJACK_SERVICE_URL,
    },
    {
      game: 'roulette',
      url: e.ROULETTE_SERVICE_URL,
      publicUrl: e.ROULETTE_PUBLIC_URL ?? e.ROULETTE_SERVICE_URL,
    },
  ];
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
