import { Pool } from 'pg';
import { DealerAccount, DealerStatus } from './dealer-account';
import { assertGameSchemaCurrent, runGameMigrations } from '../migrations/game-migrator';
import { AuditEntry, AuditQuery, AuditRecord, DealerChange, DealerStore, NewDealer } from './dealer-store';

interface DealerRow {
  service: string;
  dealer_id: string;
  display_name: string;
  password_hash: string;
  status: DealerStatus;
  tables: string[];
  created_at: Date;
  updated_at: Date;
}

interface AuditRow {
  id: string;
  at: Date;
  dealer_id: string;
  table_id: string | null;
  action: string;
  body: string | null;
  result: string;
  client_ip: string | null;
}

const toAccount = (r: DealerRow): DealerAccount => ({
  service: r.service,
  dealerId: r.dealer_id,
  displayName: r.display_name,
  passwordHash: r.password_hash,
  status: r.status,
  tables: r.tables,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** The dealer registry and audit log of one service in PostgreSQL (migration 1764900000003-dealer-accounts). */
export class PgDealerStore implements DealerStore {
  private constructor(
    private readonly pool: Pool,
    private readonly service: string,
  ) {}

  /** Connects and runs the pending game migrations (`migrate`, default true) or checks that none is left. */
  static async open(
    url: string,
    service: string,
    options: { migrate?: boolean } = {},
  ): Promise<PgDealerStore> {
    const pool = new Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 5_000 });
    // A dropped idle connection (server restart, pg_terminate_backend) emits 'error' on the pool: unhandled, it
    // would end the service. The pool replaces the connection; a query in flight fails on its own.
    pool.on('error', (err) => console.warn(`dealer store: idle connection lost (${err.message})`));
    try {
      if (options.migrate ?? true) await runGameMigrations(pool);
      else await assertGameSchemaCurrent(pool);
    } catch (err) {
      await pool.end();
      throw err;
    }
    return new PgDealerStore(pool, service);
  }

  async find(dealerId: string): Promise<DealerAccount | undefined> {
    const { rows } = await this.pool.query<DealerRow>(
      'SELECT * FROM dealer_accounts WHERE service = $1 AND dealer_id = $2',
      [this.service, dealerId],
    );
    return rows.length === 0 ? undefined : toAccount(rows[0]);
  }

  async create(d: NewDealer): Promise<boolean> {
    const res = await this.pool.query(
      `INSERT INTO dealer_accounts (service, dealer_id, display_name, password_hash, status, tables)
       VALUES ($1, $2, $3, $4, 'active', $5) ON CONFLICT DO NOTHING`,
      [this.service, d.dealerId, d.displayName, d.passwordHash, d.tables],
    );
    return res.rowCount === 1;
  }

  async update(dealerId: string, change: DealerChange): Promise<boolean> {
    const res = await this.pool.query(
      `UPDATE dealer_accounts SET password_hash = coalesce($3, password_hash), status = coalesce($4, status),
         tables = coalesce($5, tables), updated_at = now()
       WHERE service = $1 AND dealer_id = $2`,
      [this.service, dealerId, change.passwordHash ?? null, change.status ?? null, change.tables ?? null],
    );
    return res.rowCount === 1;
  }

  async list(): Promise<DealerAccount[]> {
    const { rows } = await this.pool.query<DealerRow>(
      'SELECT * FROM dealer_accounts WHERE service = $1 ORDER BY dealer_id',
      [this.service],
    );
    return rows.map(toAccount);
  }

  async appendAudit(e: AuditEntry): Promise<void> {
    await this.pool.query(
      `INSERT INTO dealer_audit (service, dealer_id, table_id, action, body, result, client_ip)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [this.service, e.dealerId, e.tableId, e.action, e.body, e.result, e.clientIp],
    );
  }

  async readAudit(q: AuditQuery): Promise<AuditRecord[]> {
    const { rows } = await this.pool.query<AuditRow>(
      `SELECT id::text AS id, at, dealer_id, table_id, action, body, result, client_ip FROM dealer_audit
       WHERE service = $1 AND ($2::text IS NULL OR table_id = $2) AND ($3::timestamptz IS NULL OR at >= $3)
         AND ($4::timestamptz IS NULL OR at < $4) AND ($5::bigint IS NULL OR id > $5)
       ORDER BY dealer_audit.id LIMIT $6`,
      [this.service, q.tableId ?? null, q.from ?? null, q.to ?? null, q.after ?? null, q.limit],
    );
    return rows.map((r) => ({
      id: r.id,
      at: r.at,
      dealerId: r.dealer_id,
      tableId: r.table_id,
      action: r.action,
      body: r.body,
      result: r.result,
      clientIp: r.client_ip,
    }));
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
