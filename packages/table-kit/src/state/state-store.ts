import { fromSnapshotJson, toSnapshotJson } from './json-codec';

/** Keeps one snapshot per table so a restarted service resumes or voids its rounds. */
export interface StateStore {
  load(tableId: string): Promise<unknown | undefined>;
  save(tableId: string, snapshot: unknown): Promise<void>;
  close(): Promise<void>;
}

/** For tests and demos without PostgreSQL: survives nothing but a re-created service in the same process. */
export class MemoryStateStore implements StateStore {
  private readonly rows = new Map<string, string>();

  async load(tableId: string): Promise<unknown | undefined> {
    const text = this.rows.get(tableId);
    return text === undefined ? undefined : fromSnapshotJson(text);
  }

  async save(tableId: string, snapshot: unknown): Promise<void> {
    this.rows.set(tableId, toSnapshotJson(snapshot));
  }

  async close(): Promise<void> {}
}
