import { z } from 'zod';

/** GET /dealer/audit: a table, a time range [from, to), a page after an id, at most 500 lines. */
export const auditQuerySchema = z
  .object({
    tableId: z.string().min(1).max(48).optional(),
    from: z.string().datetime({ offset: true }).optional(),
    to: z.string().datetime({ offset: true }).optional(),
    after: z
      .string()
      .regex(/^[0-9]{1,18}$/, 'after is the previous page’s next')
      .optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  })
  .strict()
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), 'from must be before to');
