import { gameSchema } from '@casino/events';
import { z } from 'zod';
import { MAX_ROUND_LINK_TTL_SECONDS } from '../operators/round-link';

// Ids as the ledger stores them (idSchema), without control characters: they go into URLs and a MAC.
const id = z
  .string()
  .min(1)
  .max(128)
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  .regex(/^[^\u0000-\u001f\u007f]+$/, 'no control characters');

/** GET /player/history?game=&limit=&before= */
export const historyQuerySchema = z
  .object({
    game: gameSchema.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    /** The `nextBefore` of the previous page. */
    before: z.string().min(1).max(512).optional(),
  })
  .strict();
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

/** Path of a round: /player/rounds/:tableId/:roundId */
export const roundPathSchema = z.object({ tableId: id, roundId: id }).strict();
export type RoundPath = z.infer<typeof roundPathSchema>;

/** Path of POST /v1/players/:playerId/rounds/:tableId/:roundId/link */
export const linkPathSchema = z.object({ playerId: id, tableId: id, roundId: id }).strict();
export type LinkPath = z.infer<typeof linkPathSchema>;

/** Body of the link request (may be empty). */
export const linkBodySchema = z
  .object({ ttlSeconds: z.number().int().min(60).max(MAX_ROUND_LINK_TTL_SECONDS).optional() })
  .strict();
export type LinkBody = z.infer<typeof linkBodySchema>;

/** GET /round-links?operator=&player=&table=&round=&exp=&sig= (the query of a link, as issued). */
export const linkQuerySchema = z
  .object({
    operator: id,
    player: id,
    table: id,
    round: id,
    exp: z.string().regex(/^[1-9][0-9]{0,11}$/, 'exp must be Unix seconds'),
    sig: z.string().regex(/^[0-9a-f]{64}$/, 'sig must be 64 lowercase hex characters'),
  })
  .strict();
export type LinkQuery = z.infer<typeof linkQuerySchema>;
