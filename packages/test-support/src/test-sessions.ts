import { mintPlayerToken } from '@casino/events';
import { createHash } from 'node:crypto';

/**
 * The player-token key of the tests' ledgers and game services (LedgerProcess launches the ledger with it unless
 * told otherwise; service-testing's services check tokens with it).
 */
export const TEST_PLAYER_TOKEN_SECRET = 'test-secret-0123456789';

/** A test player's launch session: (operator, player) always names the same one, so tokens can be minted at once. */
export function testSessionId(operatorId: string, playerId: string): string {
  return `t-${createHash('sha256').update(`${operatorId}\u0000${playerId}`).digest('hex').slice(0, 40)}`;
}

/** A token of the player's test session (`testSessionId`), valid for `ttlSeconds`. */
export function testPlayerToken(
  player: { operatorId: string; playerId: string; currency: string; nickname?: string },
  secret = TEST_PLAYER_TOKEN_SECRET,
  ttlSeconds = 3600,
): string {
  return mintPlayerToken(
    { ...player, sid: testSessionId(player.operatorId, player.playerId) },
    secret,
    ttlSeconds,
  );
}

export interface TestSession {
  operatorId: string;
  playerId: string;
  currency: string;
  sessionId: string;
}

/**
 * Records launch sessions in a ledger's database as POST /v1/sessions does (operator and player rows too when
 * missing), live for a day: the ledger accepts a bet command only with a token of a live session of its player.
 * `query` runs one statement on that database.
 */
export async function recordTestSessions(
  query: (sql: string, params: unknown[]) => Promise<unknown>,
  sessions: readonly TestSession[],
): Promise<void> {
  const unique = [...new Map(sessions.map((s) => [s.sessionId, s])).values()];
  if (unique.length === 0) return;
  const col = (f: (s: TestSession) => string) => unique.map(f);
  const params = [
    col((s) => s.sessionId),
    col((s) => s.operatorId),
    col((s) => s.playerId),
    col((s) => s.currency),
  ];
  const rows = `unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS s(session_id, operator_id, player_id, currency)`;
  await query(
    `INSERT INTO ledger_operators (operator_id, name, currencies)
     SELECT DISTINCT ON (operator_id) operator_id, operator_id, ARRAY[currency] FROM ${rows}
     ON CONFLICT DO NOTHING`,
    params,
  );
  await query(
    `INSERT INTO ledger_players (operator_id, player_id)
     SELECT DISTINCT operator_id, player_id FROM ${rows} ON CONFLICT DO NOTHING`,
    params,
  );
  await query(
    `INSERT INTO ledger_player_sessions (session_id, operator_id, player_id, currency, expires_at)
     SELECT session_id, operator_id, player_id, currency, now() + interval '1 day' FROM ${rows}
     ON CONFLICT (session_id) DO NOTHING`,
    params,
  );
}

/** The sessions the player tokens of bet commands name (read without checking them: the ledger does). */
export function sessionsOfCommands(events: readonly { type: string; playerToken?: string }[]): TestSession[] {
  const out: TestSession[] = [];
  for (const e of events) {
    const command = e.type === 'PlaceBet' || e.type === 'CancelBet' || e.type === 'PlaceBets';
    if (!command || e.playerToken === undefined) continue;
    try {
      const claims = JSON.parse(Buffer.from(e.playerToken.split('.')[0], 'base64url').toString('utf8')) as {
        operatorId?: string;
        playerId?: string;
        currency?: string;
        sid?: string;
      };
      if (claims.operatorId && claims.playerId && claims.currency && claims.sid)
        out.push({
          operatorId: claims.operatorId,
          playerId: claims.playerId,
          currency: claims.currency,
          sessionId: claims.sid,
        });
    } catch {
      // Not a token: the ledger refuses the command, as the test means.
    }
  }
  return out;
}
