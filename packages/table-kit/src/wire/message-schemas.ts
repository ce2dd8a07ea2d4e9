import { MAX_SLIP_ITEMS } from '@casino/player-protocol';
import { z } from 'zod';

/** Stakes arrive as decimal strings of minor units (like the Kafka wire), or as safe integers. */
export const wireStakeSchema = z
  .union([
    z.string().regex(/^[1-9][0-9]{0,17}$/, 'stake must be a positive decimal string of minor units'),
    z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  ])
  .transform((v) => BigInt(v));

export const wireTableIdSchema = z.string().min(1).max(64);

export const joinMessageSchema = z.object({ tableId: wireTableIdSchema }).strict();
export type JoinMessage = z.infer<typeof joinMessageSchema>;

/** `ref` is the placeBet acknowledgement's ref; `betId` the ledger's (from bet:accepted). Exactly one. */
export const cancelBetMessageSchema = z
  .object({
    tableId: wireTableIdSchema,
    roundId: z.string().min(1).max(128).optional(),
    ref: z.string().min(1).max(128).optional(),
    betId: z.string().min(1).max(128).optional(),
  })
  .strict()
  .refine((m) => (m.ref === undefined) !== (m.betId === undefined), 'give exactly one of ref and betId')
  .transform(({ tableId, roundId, ref, betId }, ctx) => {
    const which = ref !== undefined ? { ref } : betId !== undefined ? { betId } : undefined;
    if (which) return { tableId, roundId, which };
    ctx.addIssue({ code: 'custom', message: 'give exactly one of ref and betId' });
    return z.NEVER;
  });
export type CancelBetMessage = z.infer<typeof cancelBetMessageSchema>;

/**
 * `placeBets`, the bet slip: up to MAX_SLIP_ITEMS bets of one table's round, each the game's placeBet fields with the
 * client's id for it (each bet is then parsed with the game's own placeBet schema). `intent` is for logs only.
 */
export const slipMessageSchema = z
  .object({
    tableId: wireTableIdSchema,
    roundId: z.string().min(1).max(128).optional(),
    intent: z.enum(['chips', 'repeat', 'double']).optional(),
    bets: z
      .array(z.object({ clientId: z.string().min(1).max(64) }).loose())
      .min(1)
      .max(MAX_SLIP_ITEMS),
  })
  .strict()
  .refine((m) => new Set(m.bets.map((b) => b.clientId)).size === m.bets.length, 'bet clientIds repeat');
export type SlipMessage = z.infer<typeof slipMessageSchema>;

/** Parses an incoming message; the failure carries the INVALID_MESSAGE code and the first problem. */
export function parseMessage<S extends z.ZodTypeAny>(
  schema: S,
  data: unknown,
): { ok: true; value: z.infer<S> } | { ok: false; code: 'INVALID_MESSAGE'; message: string } {
  const parsed = schema.safeParse(data);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    code: 'INVALID_MESSAGE',
    message: issue ? `${issue.path.join('.') || 'message'}: ${issue.message}` : 'invalid message',
  };
}
