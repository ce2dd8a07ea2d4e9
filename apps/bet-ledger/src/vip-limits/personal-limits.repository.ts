import { Sql } from '@casino/wallet';

/** Sets (or replaces) a player's own narrower min/max for one limit key of a game ('*': every bet of it). */
export async function putPersonalLimit(
  sql: Sql,
  limit: { operatorId: string; playerId: string; game: string; limitKey: string; min: bigint; max: bigint },
): Promise<void> {
  await sql.rows(
    `INSERT INTO ledger_player_limits (operator_id, player_id, game, limit_key, min_stake, max_stake)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (operator_id, player_id, game, limit_key) DO UPDATE SET min_stake = $5, max_stake = $6`,
    [
      limit.operatorId,
      limit.playerId,
      limit.game,
      limit.limitKey,
      limit.min.toString(),
      limit.max.toString(),
    ],
  );
}
