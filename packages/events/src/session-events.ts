import { z } from 'zod';
import { defineEvent } from './envelope';
import { idSchema } from './primitives';
import { TOPICS } from './topics';

export const SESSION_REVOKE_REASONS = ['operator', 'player-suspended'] as const;

/**
 * The ledger revoked a player's launch session (`sessionId`), or every session of the player (no `sessionId`:
 * the player was suspended). Game services close the matching sockets and refuse the token from then on.
 */
export const PlayerSessionRevoked = defineEvent('PlayerSessionRevoked', 1, TOPICS.sessions, 'playerId', {
  playerId: idSchema,
  operatorId: idSchema,
  sessionId: idSchema.optional(),
  reason: z.enum(SESSION_REVOKE_REASONS),
});

/**
 * The operator was suspended: every session of its players ends. Game services close the operator's sockets and
 * refuse every token of the operator issued at or before the event (`occurredAt`); tokens launched after the
 * operator is active again connect.
 */
export const OperatorSessionsRevoked = defineEvent(
  'OperatorSessionsRevoked',
  1,
  TOPICS.sessions,
  'operatorId',
  {
    operatorId: idSchema,
    reason: z.enum(['operator-suspended']),
  },
);
