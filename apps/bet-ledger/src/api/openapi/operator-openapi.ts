import {
  extendZodWithOpenApi,
  OpenApiGeneratorV3,
  OpenAPIRegistry,
  RouteConfig,
} from '@asteasolutions/zod-to-openapi';
import { z, ZodTypeAny } from 'zod';
import { limitSchema } from '../deposit.dto';
import {
  bonusForfeitSchema,
  bonusGrantSchema,
  bonusListSchema,
  bonusViewSchema,
} from '../../use-cases/manage-bonuses/manage-bonuses.schemas';
import {
  freeBetGrantSchema,
  freeBetListSchema,
  freeBetViewSchema,
} from '../../use-cases/manage-free-bets/manage-free-bets.schemas';
import {
  gamblingLimitsQuerySchema,
  gamblingLimitsSchema,
  launchSchema,
  pageSchema,
  playerPatchSchema,
  transferSchema,
} from '../operator-api.dto';
import {
  balancesSchema,
  betPageSchema,
  errorSchema,
  gamblingLimitsStateSchema,
  launchResultSchema,
  personalLimitSetSchema,
  playerStateSchema,
  roundLinkSchema,
  roundViewSchema,
  sessionRevokedSchema,
  transferReceiptSchema,
  vipGrantedSchema,
  vipLimitsSchema,
  vipRevokedSchema,
  walletMovementPageSchema,
} from '../operator-api.responses';
import {
  gamesResponseSchema,
  tablesQuerySchema,
  tablesResponseSchema,
} from '../../use-cases/operator-catalogue/operator-catalogue.schemas';
import { vipGrantSchema, vipRevokeSchema } from '../vip-limits.dto';
import { linkBodySchema } from '../../player-history/player-history.dto';

// Adds .openapi() to zod's types (names of the document's components); nothing else of zod changes. zod 4 gives it
// to a schema when the schema is built: the routes' schemas, built before (on import), are registered as a copy built
// here (`.meta({})`: the same schema, no metadata added).
extendZodWithOpenApi(z);

/** Where the generated document is checked in (scripts: npm run openapi -w @casino/bet-ledger). */
export const OPERATOR_OPENAPI_FILE = 'docs/openapi/operator-api.json';

const TAG = 'operator API (signed)';
const SIGNATURE_HEADERS = [
  ['X-Casino-Key', 'the key id (ck_…)'],
  ['X-Casino-Timestamp', 'Unix time in milliseconds, within 5 minutes of the ledger clock'],
  ['X-Casino-Request-Id', 'unique per request, at most 128 characters'],
  ['X-Casino-Signature', 'hex HMAC-SHA256(secret, METHOD\\npath?query\\ntimestamp\\nrequestId\\nraw body)'],
] as const;

interface Route {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  summary: string;
  params?: readonly string[];
  query?: z.ZodObject;
  body?: ZodTypeAny;
  status?: 200 | 201;
  response: ZodTypeAny;
  /** Codes a client should expect besides the signature's (docs/operator-integration.md#6-error-codes). */
  errors?: readonly string[];
}

const player = ['playerId'] as const;
const limitPath = ['playerId', 'game', 'limitKey'] as const;

/** Every route of /v1, in the order the integration guide presents them. */
const ROUTES: readonly Route[] = [
  {
    method: 'get',
    path: '/v1/games',
    summary: "The platform's games with their tables in the operator's currencies",
    response: gamesResponseSchema,
  },
  {
    method: 'get',
    path: '/v1/tables',
    summary: "The catalogue's tables in the operator's currencies: limits, RTP per bet, last results",
    query: tablesQuerySchema,
    response: tablesResponseSchema,
    errors: ['INVALID_REQUEST'],
  },
  {
    method: 'post',
    path: '/v1/sessions',
    summary: 'Launches a player: a session, its player token and the launch URL (with the launch options)',
    body: launchSchema,
    status: 201,
    response: launchResultSchema,
    errors: [
      'INVALID_REQUEST',
      'CURRENCY_NOT_SUPPORTED',
      'LAUNCH_URL_INVALID',
      'LAUNCH_URL_NOT_ALLOWED',
      'COUNTRY_INVALID',
      'DEVICE_INVALID',
      'REALITY_CHECK_INVALID',
      'LAUNCH_MODE_INVALID',
      'PLAYER_SUSPENDED',
      'COOLING_OFF',
    ],
  },
  {
    method: 'delete',
    path: '/v1/sessions/{sessionId}',
    summary: 'Revokes a session (the game services close its sockets)',
    params: ['sessionId'],
    response: sessionRevokedSchema,
    errors: ['SESSION_NOT_FOUND'],
  },
  {
    method: 'patch',
    path: '/v1/players/{playerId}',
    summary: 'Suspends (revoking every session) or reactivates a player; sets the nickname',
    params: player,
    body: playerPatchSchema,
    response: playerStateSchema,
    errors: ['INVALID_REQUEST', 'PLAYER_NOT_FOUND'],
  },
  {
    method: 'post',
    path: '/v1/players/{playerId}/deposits',
    summary: "Moves money into the player's wallet; once per transactionId",
    params: player,
    body: transferSchema,
    response: transferReceiptSchema,
    errors: [
      'INVALID_REQUEST',
      'INVALID_AMOUNT',
      'CURRENCY_NOT_SUPPORTED',
      'PLAYER_SUSPENDED',
      'IDEMPOTENCY_KEY_REUSED',
      'LIMIT_EXCEEDED',
      'DAILY_DEPOSIT_LIMIT_EXCEEDED',
      'BALANCE_CEILING_EXCEEDED',
    ],
  },
  {
    method: 'post',
    path: '/v1/players/{playerId}/withdrawals',
    summary: "Moves money out of the player's wallet (never below zero); once per transactionId",
    params: player,
    body: transferSchema,
    response: transferReceiptSchema,
    errors: [
      'INVALID_REQUEST',
      'INVALID_AMOUNT',
      'CURRENCY_NOT_SUPPORTED',
      'IDEMPOTENCY_KEY_REUSED',
      'INSUFFICIENT_FUNDS',
    ],
  },
  {
    method: 'get',
    path: '/v1/players/{playerId}/balances',
    summary: "The player's wallet balances, one per currency",
    params: player,
    response: balancesSchema,
    errors: ['WALLET_UNAVAILABLE'],
  },
  {
    method: 'post',
    path: '/v1/players/{playerId}/bonuses',
    summary: 'Grants the player a bonus (amount, wagering multiple, expiry, games); once per grantId',
    params: player,
    body: bonusGrantSchema,
    response: bonusViewSchema,
    errors: [
      'INVALID_REQUEST',
      'INVALID_AMOUNT',
      'CURRENCY_NOT_SUPPORTED',
      'PLAYER_SUSPENDED',
      'IDEMPOTENCY_KEY_REUSED',
      'BONUS_ACTIVE',
      'BONUS_NOT_SUPPORTED',
    ],
  },
  {
    method: 'get',
    path: '/v1/players/{playerId}/bonuses',
    summary: "The player's bonuses with their wagering progress, newest first",
    params: player,
    response: bonusListSchema,
  },
  {
    method: 'post',
    path: '/v1/players/{playerId}/bonuses/{grantId}/forfeit',
    summary: 'Forfeits an active bonus: what is left of it is removed (again: the same answer)',
    params: ['playerId', 'grantId'],
    body: bonusForfeitSchema,
    response: bonusViewSchema,
    errors: ['INVALID_REQUEST', 'BONUS_NOT_FOUND', 'BONUS_NOT_ACTIVE'],
  },
  {
    method: 'post',
    path: '/v1/players/{playerId}/free-bets',
    summary:
      'Grants the player free bets: count bets of one stake at a game (or one table); once per grantId. A bet of exactly that stake there uses one',
    params: player,
    body: freeBetGrantSchema,
    response: freeBetViewSchema,
    errors: [
      'INVALID_REQUEST',
      'INVALID_AMOUNT',
      'CURRENCY_NOT_SUPPORTED',
      'PLAYER_SUSPENDED',
      'IDEMPOTENCY_KEY_REUSED',
      'BONUS_NOT_SUPPORTED',
    ],
  },
  {
    method: 'get',
    path: '/v1/players/{playerId}/free-bets',
    summary: "The player's free-bet grants and how many of each are used, newest first",
    params: player,
    response: freeBetListSchema,
  },
  {
    method: 'get',
    path: '/v1/players/{playerId}/transactions',
    summary: "The player's wallet movements, newest first, paged (cursor = nextCursor)",
    params: player,
    query: pageSchema,
    response: walletMovementPageSchema,
    errors: ['INVALID_REQUEST'],
  },
  {
    method: 'get',
    path: '/v1/players/{playerId}/bets',
    summary: "The player's bets with their settlement, newest first, paged",
    params: player,
    query: pageSchema,
    response: betPageSchema,
    errors: ['INVALID_REQUEST'],
  },
  {
    method: 'put',
    path: '/v1/players/{playerId}/limits/{game}/{limitKey}',
    summary: "A personal limit narrowing the table's min/max (limitKey '*' = every bet kind); never widens",
    params: limitPath,
    body: limitSchema,
    response: personalLimitSetSchema,
    errors: ['INVALID_REQUEST'],
  },
  {
    method: 'put',
    path: '/v1/players/{playerId}/vip-limits/{game}/{limitKey}',
    summary: "Grants a VIP maximum above the table's; at each table never above its VIP ceiling; audited",
    params: limitPath,
    body: vipGrantSchema,
    response: vipGrantedSchema,
    errors: ['INVALID_REQUEST'],
  },
  {
    method: 'post',
    path: '/v1/players/{playerId}/vip-limits/{game}/{limitKey}/revoke',
    summary: 'Takes a VIP maximum back; audited',
    params: limitPath,
    body: vipRevokeSchema,
    response: vipRevokedSchema,
    errors: ['INVALID_REQUEST', 'NOT_FOUND'],
  },
  {
    method: 'get',
    path: '/v1/players/{playerId}/vip-limits',
    summary: "The player's VIP maxima and their audit (newest first)",
    params: player,
    response: vipLimitsSchema,
  },
  {
    method: 'put',
    path: '/v1/players/{playerId}/responsible-gambling',
    summary:
      'Responsible-gambling limits in one currency: wager and loss per UTC day/week, stake; a raise waits out the cooling-off period',
    params: player,
    body: gamblingLimitsSchema,
    response: gamblingLimitsStateSchema,
    errors: ['INVALID_REQUEST', 'INVALID_AMOUNT', 'CURRENCY_NOT_SUPPORTED'],
  },
  {
    method: 'get',
    path: '/v1/players/{playerId}/responsible-gambling',
    summary: 'The limits in force, pending raises and what the current UTC day and week used',
    params: player,
    query: gamblingLimitsQuerySchema,
    response: gamblingLimitsStateSchema,
    errors: ['INVALID_REQUEST', 'CURRENCY_NOT_SUPPORTED'],
  },
  {
    method: 'post',
    path: '/v1/players/{playerId}/rounds/{tableId}/{roundId}/link',
    summary:
      'A signed round-details link for the player (a round they bet in); ttlSeconds 60…86400, default 900',
    params: ['playerId', 'tableId', 'roundId'],
    body: linkBodySchema,
    response: roundLinkSchema,
    errors: ['INVALID_REQUEST', 'ROUND_NOT_FOUND'],
  },
  {
    method: 'get',
    path: '/v1/rounds/{tableId}/{roundId}',
    summary: "A round with only this operator's bets and totals",
    params: ['tableId', 'roundId'],
    response: roundViewSchema,
    errors: ['ROUND_NOT_FOUND'],
  },
];

/** Names of the document's components: the schemas a reader looks up by name. */
const NAMED: readonly [string, ZodTypeAny][] = [
  ['Error', errorSchema],
  ['LaunchRequest', launchSchema],
  ['LaunchResult', launchResultSchema],
  ['TransferRequest', transferSchema],
  ['TransferReceipt', transferReceiptSchema],
  ['GamesResponse', gamesResponseSchema],
  ['TablesResponse', tablesResponseSchema],
  ['RoundView', roundViewSchema],
  ['GamblingLimitsRequest', gamblingLimitsSchema],
  ['GamblingLimitsState', gamblingLimitsStateSchema],
];

const json = (schema: ZodTypeAny) => ({ content: { 'application/json': { schema } } });

/** The OpenAPI document of the signed operator API, generated from the zod schemas the routes validate with. */
export function operatorOpenApiDocument(): Record<string, unknown> {
  const registry = new OpenAPIRegistry();
  const named = new Map<ZodTypeAny, ZodTypeAny>();
  for (const [name, schema] of NAMED) named.set(schema, registry.register(name, schema.meta({})));
  const ref = (schema: ZodTypeAny) => named.get(schema) ?? schema;
  const error = ref(errorSchema);
  const auth = z.object(
    Object.fromEntries(SIGNATURE_HEADERS.map(([h, d]) => [h, z.string().describe(d)])) as Record<
      string,
      z.ZodString
    >,
  );
  for (const r of ROUTES) {
    const request: NonNullable<RouteConfig['request']> = { headers: auth };
    if (r.params)
      request.params = z.object(Object.fromEntries(r.params.map((p) => [p, z.string().min(1).max(128)])));
    if (r.query) request.query = r.query;
    if (r.body) request.body = { required: true, ...json(ref(r.body)) };
    const status = r.status ?? 200;
    registry.registerPath({
      method: r.method,
      path: r.path,
      tags: [TAG],
      summary: r.summary,
      request,
      responses: {
        [status]: { description: 'OK', ...json(ref(r.response)) },
        ...(r.errors?.length
          ? { 400: { description: `one of ${r.errors.join(', ')} (status per code)`, ...json(error) } }
          : {}),
        401: {
          description: 'SIGNATURE_MISSING, KEY_UNKNOWN, SIGNATURE_INVALID, TIMESTAMP_STALE',
          ...json(error),
        },
        403: { description: 'OPERATOR_SUSPENDED', ...json(error) },
        409: { description: 'REQUEST_REPLAYED', ...json(error) },
      },
    });
  }
  const doc = new OpenApiGeneratorV3(registry.definitions).generateDocument({
    openapi: '3.0.3',
    info: {
      title: 'Live casino: signed operator API',
      version: '1',
      description:
        'The bet ledger’s signed API for operators (docs/operator-integration.md). Amounts are minor units as decimal strings. Generated from the zod schemas the routes validate with (npm run openapi -w @casino/bet-ledger).',
    },
    tags: [{ name: TAG }],
  });
  // A JSON round trip drops undefined fields, so the checked-in file and the served document compare equal.
  return JSON.parse(JSON.stringify(doc)) as Record<string, unknown>;
}
