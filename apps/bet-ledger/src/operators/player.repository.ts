import { Sql } from '@casino/wallet';

/** A player an operator has on the ledger (ledger_players): active, or suspended by its operator. */
export type PlayerStatus = 'active' | 'suspended';

/**
 * Registers the player on first sight, otherwise leaves its row untouched (the no-op update only makes the row
 * come back and locks it); returns its status. For a grant or a deposit, which never change the player.
 */
export async function registerPlayer(sql: Sql, operatorId: string, playerId: string): Promise<PlayerStatus> {
  const [player] = await sql.rows<{ status: PlayerStatus }>(
    `INSERT INTO ledger_players (operator_id, player_id) VALUES ($1, $2)
     ON CONFLICT (operator_id, player_id) DO UPDATE SET updated_at = ledger_players.updated_at
     RETURNING status`,
    [operatorId, playerId],
  );
  return player.status;
}

/** Registers the player at a session launch, or keeps its nickname up to date (a null nickname keeps the old one). */
export async function registerLaunchingPlayer(
  sql: Sql,
  operatorId: string,
  playerId: string,
  nickname: string | null,
): Promise<PlayerStatus> {
  const [player] = await sql.rows<{ status: PlayerStatus }>(
    `INSERT INTO ledger_players (operator_id, player_id, nickname) VALUES ($1, $2, $3)
     ON CONFLICT (operator_id, player_id) DO UPDATE
       SET nickname = coalesce(EXCLUDED.nickname, ledger_players.nickname), updated_at = now()
     RETURNING status`,
    [operatorId, playerId, nickname],
  );
  return player.status;
}

/**
 * The operator's change to a player (registered active if new): a null status or nickname keeps what the row has.
 * Returns the player as it is now.
 */
export async function changePlayer(
  sql: Sql,
  operatorId: string,
  playerId: string,
  change: { status: PlayerStatus | null; nickname: string | null },
): Promise<{ status: PlayerStatus; nickname: string | null }> {
  const [player] = await sql.rows<{ status: PlayerStatus; nickname: string | null }>(
    `INSERT INTO ledger_players (operator_id, player_id, status, nickname) VALUES ($1, $2, coalesce($3, 'active'), $4)
     ON CONFLICT (operator_id, player_id) DO UPDATE
       SET status = coalesce($3, ledger_players.status),
           nickname = coalesce($4, ledger_players.nickname), updated_at = now()
     RETURNING status, nickname`,
    [operatorId, playerId, change.status, change.nickname],
  );
  return player;
}
