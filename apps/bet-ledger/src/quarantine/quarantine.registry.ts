import { QuarantineEntry } from './quarantine.types';

const roundKey = (tableId: string, roundId: string) => `${tableId}\u0000${roundId}`;
const playerKey = (operatorId: string, playerId: string) => `${operatorId}\u0000${playerId}`;

/**
 * The open (parked, unresolved) quarantine entries, in memory, so that the hot path asks no query: which event
 * ids to skip on redelivery, which rounds and players to hold. This process's parkings and resolutions update it
 * at once; `replace` loads everything from the database (at boot, then periodically, for other instances').
 */
export class QuarantineRegistry {
  private entries = new Map<string, QuarantineEntry>();
  private eventIds = new Map<string, number>();
  private rounds = new Map<string, number>();
  private players = new Map<string, number>();
  /** Local changes since a load began: a load that read the table before them must not undo them. */
  private changesSinceLoad: { entry: QuarantineEntry; open: boolean }[] = [];
  private loading = false;

  /** How many entries are open. */
  get size(): number {
    return this.entries.size;
  }

  isParked(eventId: string): boolean {
    return this.eventIds.has(eventId);
  }

  roundHeld(tableId: string, roundId: string): boolean {
    return this.rounds.has(roundKey(tableId, roundId));
  }

  playerHeld(operatorId: string, playerId: string): boolean {
    return this.players.has(playerKey(operatorId, playerId));
  }

  add(entry: QuarantineEntry): void {
    if (this.loading) this.changesSinceLoad.push({ entry, open: true });
    this.put(entry);
  }

  remove(entry: QuarantineEntry): void {
    if (this.loading) this.changesSinceLoad.push({ entry, open: false });
    this.drop(entry.id);
  }

  /** Loads the open entries (`read` queries them), keeping the local changes made while it ran. */
  async reload(read: () => Promise<QuarantineEntry[]>): Promise<void> {
    this.loading = true;
    this.changesSinceLoad = [];
    try {
      const open = await read();
      const changes = this.changesSinceLoad;
      this.clear();
      for (const e of open) this.put(e);
      for (const c of changes) {
        if (c.open) this.put(c.entry);
        else this.drop(c.entry.id);
      }
    } finally {
      this.loading = false;
      this.changesSinceLoad = [];
    }
  }

  private clear(): void {
    this.entries = new Map();
    this.eventIds = new Map();
    this.rounds = new Map();
    this.players = new Map();
  }

  private put(e: QuarantineEntry): void {
    if (this.entries.has(e.id)) return;
    this.entries.set(e.id, e);
    for (const [map, key] of this.keysOf(e)) map.set(key, (map.get(key) ?? 0) + 1);
  }

  private drop(id: string): void {
    const e = this.entries.get(id);
    if (!e) return;
    this.entries.delete(id);
    for (const [map, key] of this.keysOf(e)) {
      const n = (map.get(key) ?? 0) - 1;
      if (n > 0) map.set(key, n);
      else map.delete(key);
    }
  }

  private keysOf(e: QuarantineEntry): [Map<string, number>, string][] {
    const keys: [Map<string, number>, string][] = [];
    if (e.eventId !== null) keys.push([this.eventIds, e.eventId]);
    if (e.holds === 'round' && e.tableId !== null && e.roundId !== null)
      keys.push([this.rounds, roundKey(e.tableId, e.roundId)]);
    if (e.holds === 'player' && e.operatorId !== null && e.playerId !== null)
      keys.push([this.players, playerKey(e.operatorId, e.playerId)]);
    return keys;
  }
}
