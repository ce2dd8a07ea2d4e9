import { fromSnapshotJson, toSnapshotJson } from './json-codec';
import { changedRows, SavedRows, SplitSnapshot } from './split-snapshot';
import { StateSealer } from './state-sealing';

/** A snapshot as a store writes it: the sealed base, how many rows it has, and the rows to write (place, sealed). */
export interface EncodedSnapshot {
  base: string;
  rowCount: number;
  rowPlaces: number[];
  rows: string[];
  /** Remember once the write has gone through. */
  saved?: SavedRows;
}

/** Where the base of a split snapshot says how many rows follow it. */
interface StoredBase {
  splitRows: { generation: string; count: number };
  base: unknown;
}

/**
 * Seals snapshots for a store that keeps the rows of a SplitSnapshot apart (one row per place), writing only the
 * rows that changed since the last save it was told of; each row is sealed bound to its table, round and place, so
 * a row copied elsewhere fails to open.
 */
export class SnapshotRows {
  /** What was last saved of each table, while this instance holds it. */
  private readonly saved = new Map<string, SavedRows>();

  constructor(private readonly sealer: StateSealer) {}

  encode(tableId: string, snapshot: unknown): EncodedSnapshot {
    if (!(snapshot instanceof SplitSnapshot))
      return {
        base: this.sealer.seal(tableId, toSnapshotJson(snapshot)),
        rowCount: 0,
        rowPlaces: [],
        rows: [],
      };
    const { generation, rows } = snapshot;
    const places = changedRows(snapshot, this.saved.get(tableId));
    const stored: StoredBase = { splitRows: { generation, count: rows.length }, base: snapshot.base };
    return {
      base: this.sealer.seal(tableId, toSnapshotJson(stored)),
      rowCount: rows.length,
      rowPlaces: places,
      rows: places.map((i) => this.sealer.seal(rowContext(tableId, generation, i), toSnapshotJson(rows[i]))),
      saved: { generation, rows },
    };
  }

  /** The write of `encoded` went through. */
  remember(tableId: string, encoded: EncodedSnapshot): void {
    if (encoded.saved) this.saved.set(tableId, encoded.saved);
    else this.saved.delete(tableId);
  }

  /** Whatever was saved of the table may have changed (it was claimed): the next save writes every row. */
  forget(tableId: string): void {
    this.saved.delete(tableId);
  }

  /** The snapshot from its stored base and rows (`rows[i]` at place i). A missing row is an error. */
  decode(tableId: string, base: string, rows: readonly string[]): unknown {
    // A plaintext base (saved before sealing) still loads; the next commit seals it. A bad blob throws.
    const parsed = fromSnapshotJson(this.sealer.openRow(tableId, base));
    if (!isStoredBase(parsed)) return parsed;
    const { generation, count } = parsed.splitRows;
    if (rows.length < count)
      throw new Error(`table ${tableId}: ${rows.length} saved row(s) of the ${count} its snapshot names`);
    const decoded = rows
      .slice(0, count)
      .map((row, i) => fromSnapshotJson(this.sealer.open(rowContext(tableId, generation, i), row)) as object);
    return new SplitSnapshot(parsed.base, generation, decoded);
  }
}

function rowContext(tableId: string, generation: string, place: number): string {
  return `${tableId}/${generation}/${place}`;
}

function isStoredBase(value: unknown): value is StoredBase {
  return typeof value === 'object' && value !== null && 'splitRows' in value && 'base' in value;
}
