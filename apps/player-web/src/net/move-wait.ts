/** How long a join answered TABLE_UNKNOWN is retried: a table moving between instances is listed anew within it. */
export const MOVE_WAIT_MS = 20_000;

/**
 * The wait for a table that moved to another instance of its service
 * (docs/websocket-api.md#a-table-moving-to-another-instance), on one connection: joins answered `TABLE_UNKNOWN` are
 * retried for MOVE_WAIT_MS counted from the first such answer since the last join that succeeded. A table moves at
 * any time while the player sits at it, so the wait cannot be counted from when the page connected.
 */
export class MoveWait {
  private since: number | null = null;

  /** A join succeeded: a later move gets a whole wait of its own. */
  joined(): void {
    this.since = null;
  }

  /** A join was answered TABLE_UNKNOWN at `now`: whether to try it again (false: the table is gone). */
  unknown(now: number): boolean {
    this.since ??= now;
    return now - this.since < MOVE_WAIT_MS;
  }
}
