import { SESSION_TABLE_SEPARATOR } from '@casino/events';
import { createHash } from 'node:crypto';
import { PlayerIdentity, playerKey } from '../players/player-key';

/**
 * Sessions of a single-player table run as virtual tables `<tableId>~<playerKey>` towards the ledger (each has
 * its own rounds and table-wide limits); their events route back to the table's host. The key names operator
 * and player (two operators' player "42" have two sessions); a key too long for an id (128) is hashed.
 */
export const SESSION_SEPARATOR = SESSION_TABLE_SEPARATOR;

export function sessionTableId(tableId: string, player: PlayerIdentity): string {
  const id = `${tableId}${SESSION_SEPARATOR}${playerKey(player)}`;
  if (id.length <= 128) return id;
  const digest = createHash('sha256').update(playerKey(player)).digest('base64url');
  return `${tableId}${SESSION_SEPARATOR}#${digest}`;
}

export function hostTableId(tableId: string): string {
  const at = tableId.indexOf(SESSION_SEPARATOR);
  return at < 0 ? tableId : tableId.slice(0, at);
}
