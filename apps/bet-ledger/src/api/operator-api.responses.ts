import { currencySchema } from '@casino/events';
import { z } from 'zod';

/**
 * The answers of the signed operator API as zod schemas: with the request schemas (operator-api.dto.ts,
 * deposit.dto.ts, vip-limits.dto.ts, use-cases/operator-catalogue/operator-catalogue.schemas.ts) the one source of docs/openapi/operator-api.json.
 */
const minor = z.string().describe('minor units, a decimal string');
const signedMinor = z.string().describe('signed minor units, a decimal string');
const at = z.string().datetime();

export const errorSchema = z
  .object({
    code: z.string().describe('a code of docs/operator-integration.md#6-error-codes'),
    message: z.string(),
  })
  .strict();

export const launchResultSchema = z
  .object({
    sessionId: z.string().uuid(),
    token: z.string().describe("the platform's player token (sid = sessionId)"),
    expiresAt: at,
    launchUrl: z
      .string()
      .url()
      .describe('where to send the player; carries the launch options for the client'),
    mode: z.enum(['real', 'fun']).describe('real money, or play money in the fun book'),
    funBalance: z
      .string()
      .optional()
      .describe("fun mode: the player's play-money balance after the launch's top-up, minor units"),
  })
  .strict();
export type LaunchResult = z.infer<typeof launchResultSchema>;

export const sessionRevokedSchema = z
  .object({ sessionId: z.string(), playerId: z.string(), revokedAt: at })
  .strict();

export const playerStateSchema = z
  .object({
    playerId: z.string(),
    status: z.enum(['active', 'suspended']),
    nickname: z.string().nullable(),
    sessionsRevoked: z.number().int().describe('sessions this change revoked'),
  })
  .strict();

export const transferReceiptSchema = z
  .object({
    transactionId: z.string(),
    kind: z.enum(['deposit', 'withdrawal']),
    playerId: z.string(),
    currency: currencySchema,
    amount: minor,
    balance: minor.describe('the balance after the transaction'),
    createdAt: at,
  })
  .strict();
export type TransferReceipt = z.infer<typeof transferReceiptSchema>;

export const balancesSchema = z.array(
  z
    .object({
      currency: currencySchema,
      balance: minor.describe('cash'),
      bonus: minor
        .optional()
        .describe('bonus funds to play, apart from the cash (absent when the player never had a bonus)'),
      wagering: z
        .object({
          wagered: minor.describe('settled turnover at eligible games counted so far'),
          requirement: minor.describe('the turnover that turns the bonus into cash'),
          expiresAt: z.string().datetime(),
        })
        .strict()
        .optional()
        .describe("the active bonus's wagering progress (absent without an active bonus)"),
    })
    .strict(),
);

const walletMovementSchema = z
  .object({
    id: z.string().describe('posting id (the cursor orders by it)'),
    kind: z.enum(['bet', 'settlement', 'refund', 'deposit', 'withdrawal', 'bonus_conversion']),
    reference: z.string().nullable().describe('the transactionId of a deposit/withdrawal'),
    currency: currencySchema,
    amount: signedMinor,
    createdAt: at,
  })
  .strict();

const nextCursor = z.string().nullable().describe('pass back as cursor; null: the last page');

export const walletMovementPageSchema = z
  .object({ items: z.array(walletMovementSchema), nextCursor })
  .strict();

const betViewSchema = z
  .object({
    betId: z.string(),
    commandId: z.string(),
    tableId: z.string(),
    roundId: z.string(),
    game: z.string(),
    playerId: z.string(),
    operatorId: z.string(),
    currency: currencySchema,
    stake: minor,
    bet: z.record(z.string(), z.unknown()).describe('the bet as placed (game, type or spec)'),
    acceptedAt: at,
    status: z.enum(['open', 'settled', 'refunded', 'cancelled']),
    cancelledAt: at.nullable().describe('when the player withdrew it (betting open)'),
    returned: minor.nullable().optional(),
    outcome: z.string().nullable().optional(),
  })
  .strict();

export const betPageSchema = z.object({ items: z.array(betViewSchema), nextCursor }).strict();

export const roundViewSchema = z
  .object({
    tableId: z.string(),
    roundId: z.string(),
    game: z.string(),
    currency: currencySchema,
    status: z.enum(['open', 'closed', 'settled', 'voided', 'disputed']),
    table: z.record(z.string(), z.unknown()).describe("the table's settings of the round"),
    shoe: z.object({ shoeId: z.string(), hash: z.string() }).nullable().optional(),
    result: z.record(z.string(), z.unknown()).nullable().optional(),
    voidReason: z.string().nullable(),
    problem: z.string().nullable(),
    openedAt: at,
    closedAt: at.nullable(),
    finishedAt: at.nullable(),
    betCount: z.number().int(),
    totalStaked: minor,
    totalReturned: minor,
    bets: z.array(betViewSchema).describe("this operator's bets only"),
  })
  .strict();

export const personalLimitSetSchema = z
  .object({
    operatorId: z.string(),
    playerId: z.string(),
    game: z.string(),
    limitKey: z.string(),
    min: minor,
    max: minor,
  })
  .strict();

const limitStateSchema = z
  .object({
    current: minor.nullable().describe('in force now; null: no limit'),
    pending: z
      .object({ amount: minor.nullable().describe('null: the limit is removed'), effectiveAt: at })
      .strict()
      .optional()
      .describe('a raise or removal waiting out its cooling-off'),
  })
  .strict();

const periodUsageSchema = z
  .object({
    start: at,
    wagered: minor,
    netLoss: signedMinor.describe('stakes minus returns of settled bets; negative: a net win'),
  })
  .strict();

export const gamblingLimitsStateSchema = z
  .object({
    playerId: z.string(),
    currency: currencySchema,
    limits: z
      .record(z.string(), limitStateSchema)
      .describe('by kind: daily_wager, weekly_wager, daily_loss, weekly_loss, max_stake'),
    used: z.object({ day: periodUsageSchema, week: periodUsageSchema }).strict(),
  })
  .strict();

export const vipGrantedSchema = z
  .object({ game: z.string(), limitKey: z.string(), max: minor, previousMax: minor.nullable() })
  .strict();

export const vipRevokedSchema = z
  .object({ game: z.string(), limitKey: z.string(), previousMax: minor })
  .strict();

export const vipLimitsSchema = z
  .object({
    grants: z.array(
      z
        .object({
          game: z.string(),
          limitKey: z.string(),
          max: minor,
          grantedBy: z.string(),
          reason: z.string(),
          grantedAt: at,
        })
        .loose(),
    ),
    audit: z.array(
      z
        .object({
          action: z.string(),
          game: z.string(),
          limitKey: z.string(),
          maxBefore: minor.nullable(),
          maxAfter: minor.nullable(),
          actor: z.string(),
          reason: z.string(),
          at,
        })
        .loose(),
    ),
  })
  .strict();

export const roundLinkSchema = z
  .object({
    url: z.string().url().describe("the round's details page for the player, signed"),
    query: z.string().describe("the link's signed query alone"),
    expiresAt: at,
  })
  .strict();
