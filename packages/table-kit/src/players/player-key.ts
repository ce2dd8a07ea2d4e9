import { createHash } from 'node:crypto';

/**
 * Who a player is inside a game service: (operatorId, playerId), never playerId alone — player "42" of one
 * operator and player "42" of another are two people with two wallets.
 */
export interface PlayerIdentity {
  operatorId: string;
  playerId: string;
}

/**
 * One string per (operator, player) for maps, rooms and timer names. Both parts are URI-encoded, so the ':'
 * between them is unambiguous (no operator/player pair spells another's key).
 */
export function playerKey(player: PlayerIdentity): string {
  return `${encodeURIComponent(player.operatorId)}:${encodeURIComponent(player.playerId)}`;
}

export function samePlayer(a: PlayerIdentity, b: PlayerIdentity): boolean {
  return a.operatorId === b.operatorId && a.playerId === b.playerId;
}

/**
 * What other players at a table see of a player: the token's nickname, else an anonymous label ("Player 4821")
 * derived from the table and the player, stable within the table and unlinkable across tables. Never the id.
 */
export function playerLabel(tableId: string, player: PlayerIdentity & { nickname?: string }): string {
  if (player.nickname) return player.nickname;
  const digest = createHash('sha256')
    .update(`${tableId}\u0000${playerKey(player)}`)
    .digest();
  return `Player ${(digest.readUInt32BE(0) % 9000) + 1000}`;
}
