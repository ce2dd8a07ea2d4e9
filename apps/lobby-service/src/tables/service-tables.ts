import { gameSchema } from '@casino/events';
import { z } from 'zod';
import { Game } from '../config/lobby-config';

// What the lobby reads of a game service's `GET /tables`: only the fields it shows, each checked (a service is
// outside the lobby's trust like any other input); unknown fields are dropped.

const amount = z
  .union([z.string().regex(/^(0|[1-9][0-9]{0,18})$/), z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)])
  .transform((v) => String(v));
const limit = z.object({ min: amount, max: amount });
const text = z.string().max(200);
const id = z.string().min(1).max(128);

const baccaratResult = z.object({
  roundId: id,
  winner: z.enum(['player', 'banker', 'tie']),
  playerTotal: z.number().int().min(0).max(9),
  bankerTotal: z.number().int().min(0).max(9),
  playerPair: z.boolean().default(false),
  bankerPair: z.boolean().default(false),
});

const rouletteResult = z.object({
  roundId: id,
  pocket: z.number().int().min(0).max(36),
  colour: z.enum(['red', 'black', 'green']),
});

// A studio game's history entry (docs/websocket-api.md, studio games): the fields a tile shows, the others dropped.
const studioResult = z.object({
  roundId: id,
  winner: z.enum(['first', 'second', 'tie']).optional(),
  dice: z.array(z.number().int().min(1).max(6)).length(3).optional(),
  result: z.number().int().min(1).max(4).optional(),
  shoeId: id.optional(),
});

const seat = z.object({ seat: z.number().int().min(1).max(7), name: text.default('') });

const round = z
  .object({
    roundId: id,
    number: z.number().int().min(0).optional(),
    closesAt: z.number().nullable().optional(),
    seats: z.array(seat).max(7).optional(),
    dealer: z.object({ cards: z.array(text.nullable()).max(30) }).optional(),
  })
  .nullable()
  .optional();

export const serviceTableSchema = z.object({
  tableId: id,
  game: gameSchema,
  variant: text.optional(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  dealer: z.enum(['auto', 'studio']).default('auto'),
  phase: text.optional(),
  serverTime: z.number().optional(),
  limits: z.record(z.string().max(40), limit).default({}),
  /** The other currencies the table takes, each with its own limits (docs/ledger.md#currencies-per-table). */
  currencies: z
    .record(z.string().regex(/^[A-Z]{3}$/), z.object({ limits: z.record(z.string().max(40), limit) }))
    .optional(),
  rules: z
    .object({
      blackjackPays: text.optional(),
      /** Blackjack: the name of a table departing from the operators' rules; null for one that follows them. */
      variant: z.string().max(100).nullable().optional(),
      /** Blackjack: the house edge for basic strategy, a fraction of the stake. */
      houseEdge: z.number().min(-1).max(1).optional(),
    })
    .optional(),
  shoe: z.object({ shoeId: id }).nullable().optional(),
  /** Players with the table open (a count; the services never list who). */
  playersAtTable: z.number().int().nonnegative().optional(),
  round,
  history: z.array(z.unknown()).max(500).default([]),
});

export type ServiceTable = z.infer<typeof serviceTableSchema>;
export type BaccaratResult = z.infer<typeof baccaratResult>;
export type RouletteResult = z.infer<typeof rouletteResult>;
export type StudioResult = z.infer<typeof studioResult>;

export interface ParsedTables {
  tables: ServiceTable[];
  /** Rows left out, each with why. */
  problems: string[];
}

/** The rows of one service's `GET /tables` answer that are well-formed and of the endpoint's game. */
export function parseServiceTables(game: Game, body: unknown): ParsedTables {
  if (!Array.isArray(body)) return { tables: [], problems: ['the answer is not a list'] };
  const tables: ServiceTable[] = [];
  const problems: string[] = [];
  for (const [i, row] of body.entries()) {
    const parsed = serviceTableSchema.safeParse(row);
    if (!parsed.success) {
      problems.push(
        `row ${i}: ${parsed.error.issues.map((x) => `${x.path.join('.')} ${x.message}`).join('; ')}`,
      );
    } else if (parsed.data.game !== game) {
      // A service may host several games (studio-games-service, docs/adr/0007-one-service-for-the-studio-games.md):
      // each game's endpoint, the same URL, takes its own game's rows.
      continue;
    } else {
      tables.push(parsed.data);
    }
  }
  return { tables, problems };
}

/** The history entries that are baccarat results (others are skipped). */
export function baccaratResultsOf(history: readonly unknown[]): BaccaratResult[] {
  return history.flatMap((h) => {
    const parsed = baccaratResult.safeParse(h);
    return parsed.success ? [parsed.data] : [];
  });
}

export function rouletteResultsOf(history: readonly unknown[]): RouletteResult[] {
  return history.flatMap((h) => {
    const parsed = rouletteResult.safeParse(h);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The most results of a studio table a tile carries: a card shoe's roads (the service keeps 100), or the last few. */
export const STUDIO_SHOE_RESULTS = 100;
export const STUDIO_RECENT_RESULTS = 24;

/**
 * A studio table's results for its tile, oldest first: a card table's of the shoe in play (each entry names its
 * shoe; a studio dealer's table, without a shoe, all of them), the last few of a dice or bead table. Entries that
 * show nothing are skipped.
 */
export function studioResultsOf(history: readonly unknown[], shoeId: string | null): StudioResult[] {
  const results = history.flatMap((h) => {
    const parsed = studioResult.safeParse(h);
    return parsed.success ? [parsed.data] : [];
  });
  const cards = results.filter((r) => r.winner !== undefined);
  if (cards.length > 0) {
    const ofShoe = shoeId === null ? cards : cards.filter((r) => r.shoeId === shoeId);
    return ofShoe.slice(-STUDIO_SHOE_RESULTS).map(({ shoeId: _shoe, ...r }) => r);
  }
  return results
    .filter((r) => r.dice !== undefined || r.result !== undefined)
    .slice(-STUDIO_RECENT_RESULTS)
    .map(({ shoeId: _shoe, ...r }) => r);
}
