import { WalletEndpoint } from '@casino/operator-protocol';
import { Sql } from '@casino/wallet';
import { SecretBox } from '../operators/secret-box';

/** How long the batch path trusts its list of seamless operators (a mode change takes effect within it). */
export const SEAMLESS_OPERATORS_TTL_MS = 1_000;

/**
 * Which operators are seamless, for the Kafka batch path: read at most once per TTL (one small query), so a batch
 * pays nothing most of the time. A bet of an operator switched to seamless within the TTL is decided on the
 * transfer path: its player has no platform money, so it is rejected, never taken twice.
 */
export class SeamlessOperators {
  private ids = new Set<string>();
  private v2 = new Set<string>();
  private readAt = -Infinity;
  private reading: Promise<void> | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  async seamless(sql: Sql): Promise<ReadonlySet<string>> {
    if (this.now() - this.readAt >= SEAMLESS_OPERATORS_TTL_MS) {
      this.reading ??= this.read(sql).finally(() => (this.reading = undefined));
      await this.reading;
    }
    return this.ids;
  }

  /**
   * The list as last read, read only if it never was: for settlements, whose seamless bets' operators were in the
   * list when the bets were decided. Not refreshing here keeps the TTL's clock with the bet batches (a settlement
   * refreshing the list just before a mode change would leave the next bet with the older list).
   */
  async known(sql: Sql): Promise<ReadonlySet<string>> {
    return this.readAt === -Infinity ? this.seamless(sql) : this.ids;
  }

  /**
   * The wallet protocol version of a seamless operator as last read (docs/operator-integration.md#seamless-wallet-
   * versions): the intake records its bets for it. Call after seamless().
   */
  protocolOf(operatorId: string): 1 | 2 {
    return this.v2.has(operatorId) ? 2 : 1;
  }

  /** Forgets the list (a test or the CLI changed a mode and wants it seen at once). */
  invalidate(): void {
    this.readAt = -Infinity;
  }

  private async read(sql: Sql): Promise<void> {
    const rows = await sql.rows<{ operator_id: string; wallet_protocol: number }>(
      `SELECT operator_id, wallet_protocol FROM ledger_operators WHERE wallet_mode = 'seamless'`,
    );
    this.ids = new Set(rows.map((r) => r.operator_id));
    this.v2 = new Set(rows.filter((r) => Number(r.wallet_protocol) === 2).map((r) => r.operator_id));
    this.readAt = this.now();
  }
}

/** The process-wide list the bet batches read. */
export const seamlessOperators = new SeamlessOperators();

/**
 * A seamless operator's wallet endpoint: its URL and its newest active key, the secret opened from its sealed form.
 * Undefined when the operator has no URL or no active key (its bets are then rejected WALLET_UNAVAILABLE).
 */
export async function loadEndpoint(
  sql: Sql,
  box: SecretBox,
  operatorId: string,
): Promise<WalletEndpoint | undefined> {
  const [row] = await sql.rows<{ wallet_url: string | null; key_id: string; secret_sealed: string }>(
    `SELECT o.wallet_url, k.key_id, k.secret_sealed FROM ledger_operators o
       JOIN ledger_operator_keys k ON k.operator_id = o.operator_id AND k.revoked_at IS NULL
     WHERE o.operator_id = $1 ORDER BY k.created_at DESC, k.key_id LIMIT 1`,
    [operatorId],
  );
  if (!row?.wallet_url) return undefined;
  return { baseUrl: row.wallet_url, keyId: row.key_id, secret: box.open(row.secret_sealed, row.key_id) };
}

/**
 * Sets the seamless wallet protocol version an operator's bets are called with from now on (bets and calls already
 * queued keep theirs). Seen by the intake within SEAMLESS_OPERATORS_TTL_MS.
 */
export async function setWalletProtocol(sql: Sql, operatorId: string, version: 1 | 2): Promise<boolean> {
  const rows = await sql.rows(
    `UPDATE ledger_operators SET wallet_protocol = $2 WHERE operator_id = $1 RETURNING 1`,
    [operatorId, version],
  );
  return rows.length > 0;
}
