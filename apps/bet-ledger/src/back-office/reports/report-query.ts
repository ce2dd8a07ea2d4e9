import { gameSchema } from '@casino/events';
import { z } from 'zod';
import { tableIdSchema } from '../../tables/table-settings';

/** A local date or date-time (`2026-11-23`, `2026-11-23T14:00`), read in the report's time zone. */
const localTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/, 'YYYY-MM-DD or YYYY-MM-DDTHH:mm, local to tz')
  .refine((s) => !Number.isNaN(Date.parse(s.length === 10 ? `${s}T00:00:00Z` : `${s}Z`)), 'not a real date');

const timeZone = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'an IANA time zone, e.g. Europe/Malta');

/** Filters every report takes (docs/back-office.md#reports). */
export const reportFilterFields = {
  operator: z.string().min(1).max(100).optional(),
  game: gameSchema.optional(),
  table: tableIdSchema.optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  /** Start (inclusive), local to tz; default: today's midnight in tz. */
  from: localTime.optional(),
  /** End (exclusive), local to tz; default: a day after `from`. */
  to: localTime.optional(),
  tz: timeZone.default('UTC'),
  format: z.enum(['json', 'csv']).default('json'),
  limit: z.coerce.number().int().min(1).max(10_000).default(100),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
};

export const summaryQuerySchema = z
  .object({
    ...reportFilterFields,
    groupBy: z.enum(['day', 'hour', 'none']).default('day'),
    by: z.enum(['none', 'game', 'table', 'operator', 'player']).default('none'),
  })
  .strict()
  .refine((q) => !(q.by === 'player' && q.groupBy === 'hour'), {
    message: 'by=player reads the daily player rollup: groupBy day or none',
  });
export type SummaryQuery = z.infer<typeof summaryQuerySchema>;

export const rtpQuerySchema = z
  .object({ ...reportFilterFields, by: z.enum(['game', 'table']).default('game') })
  .strict();
export type RtpQuery = z.infer<typeof rtpQuerySchema>;

export const playersQuerySchema = z
  .object({ ...reportFilterFields, sort: z.enum(['ggr', 'turnover', 'bets']).default('ggr') })
  .strict();
export type PlayersQuery = z.infer<typeof playersQuerySchema>;

export const roundsQuerySchema = z
  .object({ ...reportFilterFields, status: z.enum(['voided', 'disputed']).optional() })
  .strict();
export type RoundsQuery = z.infer<typeof roundsQuerySchema>;

export type ReportFilters = Pick<
  SummaryQuery,
  'operator' | 'game' | 'table' | 'currency' | 'from' | 'to' | 'tz' | 'limit' | 'offset'
>;

export const betSearchSchema = z
  .object({
    operator: z.string().min(1).max(100).optional(),
    player: z.string().min(1).max(200).optional(),
    table: tableIdSchema.optional(),
    round: z.string().min(1).max(200).optional(),
    bet: z.string().min(1).max(200).optional(),
    from: localTime.optional(),
    to: localTime.optional(),
    tz: timeZone.default('UTC'),
    format: z.enum(['json', 'csv']).default('json'),
    limit: z.coerce.number().int().min(1).max(10_000).default(100),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .strict()
  .refine((q) => q.bet || (q.operator && q.player) || q.table, {
    message: 'name a bet, an operator and player, or a table (each has an index)',
  });
export type BetSearchQuery = z.infer<typeof betSearchSchema>;

export const historyQuerySchema = z
  .object({
    from: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
    to: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
    format: z.enum(['json', 'csv']).default('json'),
    limit: z.coerce.number().int().min(1).max(10_000).default(100),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .strict();
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

/**
 * SQL for the window [from, to) as timestamptz parameters $1 (from), $2 (to), $3 (tz): local times read in tz,
 * defaults today and a day later.
 */
export const WINDOW_SQL = {
  from: `(coalesce($1::timestamp, date_trunc('day', now() AT TIME ZONE $3)) AT TIME ZONE $3)`,
  to: `(coalesce($2::timestamp, coalesce($1::timestamp, date_trunc('day', now() AT TIME ZONE $3)) + interval '1 day')
        AT TIME ZONE $3)`,
};
