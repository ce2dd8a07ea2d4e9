/**
 * One step of a game service's schema (docs/deployment.md#migrations): a timestamped name, as the ledger's TypeORM
 * migrations have, and SQL both ways. The game services talk to PostgreSQL through `pg` alone, so these are plain
 * SQL run by game-migrator.ts, not TypeORM classes.
 */
export interface GameMigration {
  /** `<timestamp>-<what>`, the file's name; migrations run in this order. */
  readonly name: string;
  readonly up: readonly string[];
  readonly down: readonly string[];
}
