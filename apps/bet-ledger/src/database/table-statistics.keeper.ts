import { DataSource } from 'typeorm';
import { LedgerLog } from '../observability/ledger-log';

export interface StatisticsKeeperOptions {
  /** How often the tables' change counts are looked at. */
  everyMs: number;
}

/** A table is analyzed once its row count is this many rows… */
const ANALYZE_THRESHOLD = 1_000;
/**
 * …plus this share of the count the planner last saw away from it: a plan's shape follows the order of magnitude,
 * and each ANALYZE makes every plan that reads the table be made again (with autovacuum's 10%, 0 → 100,000 bets
 * was ~80 analyses of each growing table, and the bench's decisions slowed while they ran).
 */
const ANALYZE_SCALE = 1;

/**
 * Keeps the planner's statistics of the ledger's tables current when the PostgreSQL server runs without
 * autovacuum (`autovacuum = off`, as on the development machines); with autovacuum on it does nothing. The ledger
 * prepares its statements, and PostgreSQL keeps the plan it made for one until the statistics of a table it reads
 * change: a plan made while `ledger_bets` was nearly empty scanned the table whole for every batch, 0.8 s a batch
 * once a round held 10,000 bets (docs/benchmarks.md). It analyzes a table once its row count has moved 1,000
 * rows plus as many again away from the planner's figure: growth, which is what changes plans, not the churn of
 * a table like the outbox, whose rows come and go (analyzing it again and again would only make the plans that
 * read it be made again). ANALYZE reads a bounded sample and blocks no writes.
 */
export class TableStatisticsKeeper {
  private timer?: NodeJS.Timeout;
  private running?: Promise<string[]>;
  /** Tables analyzed by this process. */
  analyzed = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: StatisticsKeeperOptions,
    private readonly logger: LedgerLog,
  ) {}

  /** Starts the checks if the server's autovacuum is off; returns whether it did. */
  async start(): Promise<boolean> {
    const [{ on }] = await this.dataSource.query<{ on: boolean }[]>(
      `SELECT current_setting('autovacuum')::boolean AS on`,
    );
    if (on) return false;
    this.logger.warn(
      'autovacuum is off on this PostgreSQL server: the ledger analyzes its own tables as they change ' +
        '(turn autovacuum on in production: it also reclaims dead rows)',
    );
    this.timer = setInterval(
      () => void this.analyzeNow().catch((e) => this.logger.warn(`analyzing tables: ${e}`)),
      this.options.everyMs,
    );
    this.timer.unref();
    return true;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One pass: analyzes the tables whose size moved away from the planner's figure; returns their names. */
  analyzeNow(): Promise<string[]> {
    this.running ??= this.analyze().finally(() => (this.running = undefined));
    return this.running;
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
    await this.dataSource.query(`ANALYZE ${names.join(', ')}`);
    this.analyzed += names.length;
    return names;
  }
}
