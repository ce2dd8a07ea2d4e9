import { DataSource } from 'typeorm';
import { LedgerLog } from '../observability/ledger-log';

export interface TableMaintenanceOptions {
  /** How often the tables' change counts are looked at. */
  everyMs: number;
  /** At most how often the churn tables are vacuumed. */
  vacuumEveryMs: number;
  /** Tables whose rows come and go on the hot path (CHURN_TABLES unless given). */
  churnTables?: readonly string[];
}

/**
 * Tables whose rows are deleted or updated as fast as they are written, and which the hot path reads in index
 * order: the outbox (the relay's poll reads its oldest rows) and the seamless worker's queues (its claims read the
 * due rows). Without VACUUM their indexes fill with dead entries that every such read steps over: the relay's
 * poll took 15–41 ms on average after a 100,000-bet round instead of 3–6 (docs/benchmarks.md).
 */
export const CHURN_TABLES = ['ledger_outbox', 'ledger_seamless_bets', 'ledger_seamless_calls'] as const;
/** A churn table is vacuumed once it holds this many dead rows. */
const VACUUM_DEAD_ROWS = 1_000;

/** A table is analyzed once its row count is this many rows… */
const ANALYZE_THRESHOLD = 1_000;
/**
 * …plus this share of the count the planner last saw away from it: a plan's shape follows the order of magnitude,
 * and each ANALYZE makes every plan that reads the table be made again (with autovacuum's 10%, 0 → 100,000 bets
 * was ~80 analyses of each growing table, and the bench's decisions slowed while they ran).
 */
const ANALYZE_SCALE = 1;

/**
 * An operations job, opt-in (LEDGER_TABLE_MAINTENANCE=1), for a PostgreSQL server that runs without autovacuum
 * (`autovacuum = off`, as on the development and benchmark machines): it does for the ledger's tables what
 * autovacuum would, and with autovacuum on it does nothing. Per-table autovacuum settings cannot stand in for it
 * there (with the server's autovacuum off no table is vacuumed or analyzed whatever its settings); production runs
 * autovacuum, and this job stays off (docs/ledger.md#table-maintenance).
 *
 * It vacuums the churn tables (CHURN_TABLES) once they hold VACUUM_DEAD_ROWS dead rows, at most every
 * `vacuumEveryMs`, and keeps the planner's statistics current. The ledger prepares its statements, and PostgreSQL
 * keeps the plan it made for one until the statistics of a table it reads change: a plan made while `ledger_bets`
 * was nearly empty scanned the table whole for every batch, 0.8 s a batch once a round held 10,000 bets
 * (docs/benchmarks.md). It analyzes a table once its row count has moved 1,000 rows plus as many again away from
 * the planner's figure: growth, which is what changes plans, not the churn of a table like the outbox, whose rows
 * come and go (analyzing it again and again would only make the plans that read it be made again). ANALYZE reads a
 * bounded sample and blocks no writes.
 */
export class TableMaintenanceJob {
  private timer?: NodeJS.Timeout;
  private running?: Promise<string[]>;
  private pass?: Promise<void>;
  private vacuumedAt = 0;
  /** Tables analyzed by this process. */
  analyzed = 0;
  /** Tables vacuumed by this process. */
  vacuumed = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: TableMaintenanceOptions,
    private readonly logger: LedgerLog,
  ) {}

  /** Starts the checks if the server's autovacuum is off; returns whether it did. */
  async start(): Promise<boolean> {
    const [{ on }] = await this.dataSource.query<{ on: boolean }[]>(
      `SELECT current_setting('autovacuum')::boolean AS on`,
    );
    if (on) return false;
    this.logger.warn(
      'table maintenance: autovacuum is off on this PostgreSQL server, the ledger analyzes its tables as they grow ' +
        "and vacuums its outbox and queues (turn autovacuum on in production: it also reclaims the other tables' dead rows)",
    );
    this.timer = setInterval(() => {
      this.pass ??= this.runOnce().finally(() => (this.pass = undefined));
    }, this.options.everyMs);
    this.timer.unref();
    return true;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.pass;
  }

  private async runOnce(): Promise<void> {
    if (Date.now() - this.vacuumedAt >= this.options.vacuumEveryMs) {
      this.vacuumedAt = Date.now();
      await this.vacuumNow().catch((e) => this.logger.warn(`vacuuming tables: ${e}`));
    }
    await this.analyzeNow().catch((e) => this.logger.warn(`analyzing tables: ${e}`));
  }

  /** One pass: analyzes the tables whose size moved away from the planner's figure; returns their names. */
  analyzeNow(): Promise<string[]> {
    this.running ??= this.analyze().finally(() => (this.running = undefined));
    return this.running;
  }

  /** Vacuums the churn tables holding VACUUM_DEAD_ROWS dead rows or more; returns their names. */
  async vacuumNow(): Promise<string[]> {
    const due = await this.dataSource.query<{ name: string }[]>(
      `SELECT quote_ident(relname) AS name FROM pg_stat_user_tables
       WHERE schemaname = current_schema() AND relname = ANY($1::text[]) AND n_dead_tup >= $2
       ORDER BY relname`,
      [this.options.churnTables ?? CHURN_TABLES, VACUUM_DEAD_ROWS],
    );
    if (due.length === 0) return [];
    const names = due.map((t) => t.name);
    // VACUUM cannot run inside a transaction block. TRUNCATE false: giving a churn table's empty tail back to the
    // file system takes a lock every insert waits for, and the tail fills again at once. SKIP_LOCKED: another ledger
    // instance's job vacuuming the same table is enough (the second would wait behind it).
    await this.dataSource.query(`VACUUM (SKIP_LOCKED, TRUNCATE false) ${names.join(', ')}`);
    this.vacuumed += names.length;
    return names;
  }

  private async analyze(): Promise<string[]> {
    const due = await this.dataSource.query<{ name: string }[]>(
      // reltuples is -1 for a table never analyzed.
      `SELECT quote_ident(s.relname) AS name FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
       WHERE s.schemaname = current_schema()
         AND abs(s.n_live_tup - greatest(c.reltuples, 0)) > $1::float8 + $2::float8 * greatest(c.reltuples, 0)
       ORDER BY s.relname`,
      [ANALYZE_THRESHOLD, ANALYZE_SCALE],
    );
    if (due.length === 0) return [];
    const names = due.map((t) => t.name);
    // SKIP_LOCKED: a table another ledger instance is analyzing is left to it.
    await this.dataSource.query(`ANALYZE (SKIP_LOCKED) ${names.join(', ')}`);
    this.analyzed += names.length;
    return names;
  }
}
