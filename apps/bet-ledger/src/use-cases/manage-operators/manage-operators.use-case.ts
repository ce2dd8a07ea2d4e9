import {
  buildEvent,
  funOperatorId,
  isOperatorOriginPattern,
  MAX_TOKEN_ORIGINS,
  Topics,
} from '@casino/events';
import { sqlOf } from '@casino/wallet';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { LedgerError } from '../../errors/ledger.errors';
import { DEFAULT_OPERATOR_CAPS, MAX_LEDGER_AMOUNT } from '../../operators/operator-account';
import { SecretBox } from '../../operators/secret-box';
import { OutboxBatch } from '../../outbox/outbox.writer';

export interface CreateOperatorCommand {
  operatorId: string;
  name: string;
  currencies: string[];
  allowedOrigins?: string[];
  /** Default DEFAULT_OPERATOR_CAPS.maxDeposit. */
  maxDeposit?: bigint;
  maxBalance?: bigint;
  /** Default DEFAULT_OPERATOR_CAPS.maxDailyDeposits. */
  maxDailyDeposits?: bigint;
}

/** New deposit caps of an operator; a cap left out stays as it is. */
export interface OperatorCaps {
  maxDeposit?: bigint;
  maxDailyDeposits?: bigint;
}

/** A new credential: the secret is shown once, then only its sealed form is stored. */
export interface IssuedKey {
  operatorId: string;
  keyId: string;
  secret: string;
}

const OPERATOR_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Back-office commands on the operator registry (the `npm run operator` CLI and tests use them). */
export class ManageOperators {
  private readonly box: SecretBox;

  constructor(
    private readonly ds: DataSource,
    secretsKey: string,
    /** The ledger's topics (KAFKA_TOPIC_PREFIX): a suspension's revocation goes out through its outbox. */
    private readonly topics: Topics,
  ) {
    this.box = new SecretBox(secretsKey);
  }

  async create(cmd: CreateOperatorCommand): Promise<IssuedKey> {
    if (!OPERATOR_ID.test(cmd.operatorId))
      throw new LedgerError('INVALID_REQUEST', 'operator id: 1-64 letters, digits, . _ -');
    if (cmd.currencies.length === 0 || cmd.currencies.some((c) => !/^[A-Z]{3}$/.test(c)))
      throw new LedgerError('INVALID_REQUEST', 'currencies: one or more ISO 4217 codes');
    checkCaps([cmd.maxDeposit, cmd.maxBalance, cmd.maxDailyDeposits]);
    checkOrigins(cmd.allowedOrigins ?? []);
    return this.ds.transaction(async (m) => {
      const inserted: unknown[] = await m.query(
        `INSERT INTO ledger_operators
           (operator_id, name, currencies, allowed_origins, max_deposit, max_balance, max_daily_deposits)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING operator_id`,
        [
          cmd.operatorId,
          cmd.name,
          cmd.currencies,
          cmd.allowedOrigins ?? [],
          (cmd.maxDeposit ?? DEFAULT_OPERATOR_CAPS.maxDeposit).toString(),
          cmd.maxBalance?.toString() ?? null,
          (cmd.maxDailyDeposits ?? DEFAULT_OPERATOR_CAPS.maxDailyDeposits).toString(),
        ],
      );
      if (inserted.length === 0)
        throw new LedgerError('OPERATOR_EXISTS', `operator ${cmd.operatorId} exists`);
      return this.issue(cmd.operatorId, (text, params) => m.query(text, params));
    });
  }

  /** Another active key (rotation: add the new one, switch, revoke the old one). */
  async addKey(operatorId: string): Promise<IssuedKey> {
    // A play-money book (fun:…) takes no keys: no signed request may act for it.
    const found: unknown[] = await this.ds.query(
      `SELECT 1 FROM ledger_operators WHERE operator_id = $1 AND NOT fun`,
      [operatorId],
    );
    if (found.length === 0) throw new LedgerError('OPERATOR_NOT_FOUND', `no operator ${operatorId}`);
    return this.issue(operatorId, (text, params) => this.ds.query(text, params));
  }

  async revokeKey(keyId: string): Promise<{ keyId: string; operatorId: string }> {
    const rows: { operator_id: string }[] = await this.ds.query(
      // A CTE, so the driver returns the rows (an UPDATE alone answers [rows, count]).
      `WITH u AS (UPDATE ledger_operator_keys SET revoked_at = coalesce(revoked_at, now()) WHERE key_id = $1
                  RETURNING operator_id)
       SELECT operator_id FROM u`,
      [keyId],
    );
    if (rows.length === 0) throw new LedgerError('KEY_UNKNOWN', `no key ${keyId}`);
    return { keyId, operatorId: rows[0].operator_id };
  }

  /**
   * Suspending an operator ends every session of its players: they are marked revoked and one
   * OperatorSessionsRevoked goes out through the outbox in the same transaction (the game services close the
   * operator's sockets and refuse its earlier tokens). Reactivating lets new launches in.
   */
  async setStatus(operatorId: string, status: 'active' | 'suspended'): Promise<void> {
    await this.ds.transaction(async (m) => {
      const sql = sqlOf(m);
      const [row] = await sql.rows<{ was: string }>(
        `WITH o AS (SELECT status FROM ledger_operators WHERE operator_id = $1 FOR UPDATE),
              u AS (UPDATE ledger_operators SET status = $2 WHERE operator_id = $1 RETURNING 1)
         SELECT o.status AS was FROM o, u`,
        [operatorId, status],
      );
      if (!row) throw new LedgerError('OPERATOR_NOT_FOUND', `no operator ${operatorId}`);
      if (status !== 'suspended' || row.was === 'suspended') return;
      // Its play-money book's sessions end with it (fun tokens name the book, funOperatorId).
      const scopes = [operatorId, funOperatorId(operatorId)];
      await sql.rows(
        `UPDATE ledger_player_sessions SET revoked_at = now(), revoke_reason = 'operator-suspended'
         WHERE operator_id = ANY($1) AND revoked_at IS NULL AND expires_at > now()`,
        [scopes],
      );
      const outbox = new OutboxBatch(this.topics);
      for (const scope of scopes)
        outbox.add(
          buildEvent('OperatorSessionsRevoked', { operatorId: scope, reason: 'operator-suspended' }),
        );
      await outbox.flush(sql);
    });
  }

  /** Changes an operator's deposit caps (per deposit, per UTC day and currency); they stay on. */
  async setCaps(
    operatorId: string,
    caps: OperatorCaps,
  ): Promise<{ maxDeposit: bigint; maxDailyDeposits: bigint }> {
    checkCaps([caps.maxDeposit, caps.maxDailyDeposits]);
    const rows: { max_deposit: string; max_daily_deposits: string }[] = await this.ds.query(
      `WITH u AS (UPDATE ledger_operators
                     SET max_deposit = coalesce($2, max_deposit), max_daily_deposits = coalesce($3, max_daily_deposits)
                   WHERE operator_id = $1 RETURNING max_deposit, max_daily_deposits)
       SELECT * FROM u`,
      [operatorId, caps.maxDeposit?.toString() ?? null, caps.maxDailyDeposits?.toString() ?? null],
    );
    if (rows.length === 0) throw new LedgerError('OPERATOR_NOT_FOUND', `no operator ${operatorId}`);
    return { maxDeposit: BigInt(rows[0].max_deposit), maxDailyDeposits: BigInt(rows[0].max_daily_deposits) };
  }

  /** Replaces the browser origins the operator's own pages open player sockets from (new launches carry them). */
  async setOrigins(operatorId: string, origins: string[]): Promise<void> {
    checkOrigins(origins);
    const rows: unknown[] = await this.ds.query(
      `WITH u AS (UPDATE ledger_operators SET allowed_origins = $2 WHERE operator_id = $1 RETURNING 1) SELECT * FROM u`,
      [operatorId, origins],
    );
    if (rows.length === 0) throw new LedgerError('OPERATOR_NOT_FOUND', `no operator ${operatorId}`);
  }

  /**
   * Chooses which of a player's balances pays a stake first when the player holds bonus funds: cash (default) or
   * bonus (docs/ledger.md#bonus-funds).
   */
  async setBonusFirst(operatorId: string, bonusFirst: boolean): Promise<void> {
    const rows: unknown[] = await this.ds.query(
      `WITH u AS (UPDATE ledger_operators SET bonus_first = $2 WHERE operator_id = $1 RETURNING 1) SELECT * FROM u`,
      [operatorId, bonusFirst],
    );
    if (rows.length === 0) throw new LedgerError('OPERATOR_NOT_FOUND', `no operator ${operatorId}`);
  }

  /**
   * Chooses how the operator's players are funded: `transfer` (deposits to the platform wallet) or `seamless`
   * (the platform calls the operator's wallet at `walletUrl`, signing with the operator's active key).
   */
  async setWallet(operatorId: string, mode: 'transfer' | 'seamless', walletUrl?: string): Promise<void> {
    if (mode !== 'transfer' && mode !== 'seamless')
      throw new LedgerError('INVALID_REQUEST', 'wallet mode: transfer or seamless');
    if (mode === 'seamless' && !isWalletUrl(walletUrl))
      throw new LedgerError(
        'INVALID_REQUEST',
        'a seamless operator needs its wallet base URL (http or https)',
      );
    if (mode === 'transfer' && walletUrl !== undefined && !isWalletUrl(walletUrl))
      throw new LedgerError('INVALID_REQUEST', 'wallet URL: http or https');
    const rows: unknown[] = await this.ds.query(
      `WITH u AS (UPDATE ledger_operators SET wallet_mode = $2, wallet_url = coalesce($3, wallet_url)
                  WHERE operator_id = $1 RETURNING 1) SELECT * FROM u`,
      [operatorId, mode, walletUrl ?? null],
    );
    if (rows.length === 0) throw new LedgerError('OPERATOR_NOT_FOUND', `no operator ${operatorId}`);
  }

  private async issue(
    operatorId: string,
    query: (text: string, params: unknown[]) => Promise<unknown>,
  ): Promise<IssuedKey> {
    const keyId = `ck_${randomBytes(12).toString('hex')}`;
    const secret = randomBytes(32).toString('base64url');
    await query(`INSERT INTO ledger_operator_keys (key_id, operator_id, secret_sealed) VALUES ($1, $2, $3)`, [
      keyId,
      operatorId,
      this.box.seal(secret, keyId),
    ]);
    return { operatorId, keyId, secret };
  }
}

/** Caps are positive and fit a 64-bit column. */
function checkCaps(values: readonly (bigint | undefined)[]): void {
  for (const v of values)
    if (v !== undefined && (v <= 0n || v > MAX_LEDGER_AMOUNT))
      throw new LedgerError('INVALID_AMOUNT', 'caps must be positive amounts below 2^63');
}

/** An operator's origins go into its players' tokens: well formed, not `*`, at most MAX_TOKEN_ORIGINS. */
function checkOrigins(origins: readonly string[]): void {
  if (origins.length > MAX_TOKEN_ORIGINS)
    throw new LedgerError('INVALID_REQUEST', `origins: at most ${MAX_TOKEN_ORIGINS}`);
  const bad = origins.find((o) => !isOperatorOriginPattern(o));
  if (bad !== undefined)
    throw new LedgerError('INVALID_REQUEST', `origins: not scheme://host[:port|:*] (and not *): ${bad}`);
}

function isWalletUrl(url: string | undefined): url is string {
  if (url === undefined || url.length > 500) return false;
  try {
    const u = new URL(url);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.username === '' && u.password === '';
  } catch {
    return false;
  }
}
