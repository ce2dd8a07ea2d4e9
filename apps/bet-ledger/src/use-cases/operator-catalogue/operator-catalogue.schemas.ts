import { currencySchema, gameSchema } from '@casino/events';
import { GAMES } from '@casino/games';
import { z } from 'zod';

/**
 * The games whose last results share one shape: those the generic studio views draw (their definition's layout);
 * the games with a view of their own have theirs below (blackjack has none).
 */
const STUDIO_GAMES = GAMES.filter((g) => g.layout.kind !== 'none').map((g) => g.id) as [string, ...string[]];

/** `GET /v1/tables?game=&currency=`: both optional; a currency the operator does not serve lists nothing. */
export const tablesQuerySchema = z
  .object({ game: gameSchema.optional(), currency: currencySchema.optional() })
  .strict();
export type TablesQuery = z.infer<typeof tablesQuerySchema>;

const minorUnits = z.string().regex(/^\d+$/).describe('minor units of the table currency, a decimal string');

export const betLimitViewSchema = z
  .object({
    min: minorUnits,
    max: minorUnits,
    tableMax: minorUnits.optional().describe("the table's total of this bet in one round"),
    vipMax: minorUnits.optional().describe('the ceiling a VIP limit may lift the maximum to'),
    rtp: z
      .number()
      .nullable()
      .describe(
        "the bet's exact return to player (0..1) from the engine; null where it depends on play (blackjack)",
      ),
  })
  .strict();

/** Baccarat: what the bead plate and roads are drawn from; roulette: the winning pocket. */
export const lastResultSchema = z.discriminatedUnion('game', [
  z
    .object({
      game: z.literal('baccarat'),
      roundId: z.string(),
      winner: z.enum(['player', 'banker', 'tie']),
      playerPair: z.boolean(),
      bankerPair: z.boolean(),
      natural: z.boolean(),
    })
    .strict(),
  z.object({ game: z.literal('roulette'), roundId: z.string(), pocket: z.number().int() }).strict(),
  z
    .object({
      game: z.enum(STUDIO_GAMES),
      roundId: z.string(),
      cards: z.array(z.string()).optional().describe('a two-card game: the cards in deal order'),
      winner: z
        .enum(['first', 'second', 'tie'])
        .optional()
        .describe('a two-card game: the side that won (Dragon/Home first, Tiger/Away second)'),
      dice: z.array(z.number().int()).optional().describe('Sic Bo: the three faces'),
      count: z.number().int().optional().describe('Fan Tan: the beads counted'),
      result: z.number().int().optional().describe('Fan Tan: the result 1–4 the count left'),
    })
    .strict(),
]);
export type LastResult = z.infer<typeof lastResultSchema>;

export const catalogueTableSchema = z
  .object({
    tableId: z.string(),
    game: gameSchema,
    variant: z.string().describe('e.g. live, rng, studio'),
    dealer: z
      .enum(['studio', 'auto'])
      .describe(
        "who draws the results: `studio`, a live dealer in the studio, or `auto`, the game service's automatic dealer",
      ),
    dealerLanguage: z
      .string()
      .nullable()
      .describe(
        "the language the table's dealer speaks, a BCP 47 tag (`en`, `tr`, `pt-BR`); null when not set",
      ),
    currency: currencySchema,
    status: z.enum(['open', 'closed']).describe('a closed table opens no new round'),
    payTable: z.string().optional().describe('baccarat: the pay table (commission, no-commission)'),
    maxDifference: minorUnits
      .optional()
      .describe('baccarat: the largest Player/Banker imbalance a round accepts'),
    limits: z.record(z.string(), betLimitViewSchema).describe('per bet kind (limit key) the table offers'),
    currencies: z
      .record(
        currencySchema,
        z
          .object({
            maxDifference: minorUnits
              .optional()
              .describe('baccarat: the maximum difference in this currency'),
            limits: z.record(z.string(), betLimitViewSchema),
          })
          .strict(),
      )
      .describe(
        "the table's limits in each currency it shares with the operator, in that currency's minor units " +
          '(a bet is checked against its own currency only; no exchange rate)',
      ),
    lastResults: z
      .array(lastResultSchema)
      .describe('the last settled rounds, newest first (blackjack: none)'),
    updatedAt: z.string().datetime(),
  })
  .strict();
export type CatalogueTableView = z.infer<typeof catalogueTableSchema>;

export const tablesResponseSchema = z.object({ items: z.array(catalogueTableSchema) }).strict();
export type TablesResponse = z.infer<typeof tablesResponseSchema>;

export const catalogueGameSchema = z
  .object({
    game: gameSchema,
    tables: z.number().int().describe("the catalogue's tables of the game in the operator's currencies"),
    openTables: z.number().int(),
    currencies: z.array(currencySchema).describe('currencies with at least one open table'),
    variants: z.array(z.string()),
  })
  .strict();
export type CatalogueGameView = z.infer<typeof catalogueGameSchema>;

export const gamesResponseSchema = z.object({ items: z.array(catalogueGameSchema) }).strict();
export type GamesResponse = z.infer<typeof gamesResponseSchema>;
