import {
  buildEvent,
  funOperatorId,
  isOperatorOriginPattern,
  MAX_TOKEN_ORIGINS,
  Topics,
} from '@casino/events';
import { Sql, sqlOf } from '@casino/wallet';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { LedgerError } from '../../errors/ledger.errors';
import { DEFAULT_OPERATOR_CAPS, MAX_LEDGER_AMOUNT } from '../../operators/operator-account';
import { insertOperatorKey, revokeOperatorKey } from '../../operators/operator-keys.repository';
import {
  insertOperator,
  OperatorSetting,
  operatorTakesKeys,
  setOperatorStatus,
  updateOperatorCaps,
  updateOperatorSetting,
} from '../../operators/operator-registry.repository';
import { SecretBox } from '../../operators/secret-box';
import { revokeLiveSessions } from '../../session-proofs/launch-sessions.repository';
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
    return this.inTransaction(async (sql) => {
      const inserted = await insertOperator(sql, {
        operatorId: cmd.operatorId,
        name: cmd.name,
        currencies: cmd.currencies,
        allowedOrigins: cmd.allowedOrigins ?? [],
        maxDeposit: cmd.maxDeposit ?? DEFAULT_OPERATOR_CAPS.maxDeposit,
        maxBalance: cmd.maxBalance ?? null,
        maxDailyDeposits: cmd.maxDailyDeposits ?? DEFAULT_OPERATOR_CAPS.maxDailyDeposits,
      });
      if (!inserted) throw new LedgerError('OPERATOR_EXISTS', `operator ${cmd.operatorId} exists`);
      return this.issue(sql, cmd.operatorId);
    });
  }

  /** Another active key (rotation: add the new one, switch, revoke the old one). */
  async addKey(operatorId: string): Promise<IssuedKey> {
    // A play-money book (fun:…) takes no keys: no signed request may act for it.
    return this.inTransaction(async (sql) => {
      if (!(await operatorTakesKeys(sql, operatorId)))
        throw new LedgerError('OPERATOR_NOT_FOUND', `no operator ${operatorId}`);
      return this.issue(sql, operatorId);
    });
  }

  async revokeKey(keyId: string): Promise<{ keyId: string; operatorId: string }> {
    const operatorId = await this.inTransaction((sql) => revokeOperatorKey(sql, keyId));
    if (operatorId === undefined) throw new LedgerError('KEY_UNKNOWN', `no key ${keyId}`);
    return { keyId, operatorId };
  }

  /**
   * Suspending an operator ends every session of its players: they are marked revoked and one
   * OperatorSessionsRevoked goes out through the outbox in the same transaction (the game services close the
   * operator's sockets and refuse its earlier tokens). Reactivating lets new launches in.
   */
  async setStatus(operatorId: string, status: 'active' | 'suspended'): Promise<void> {
    await this.inTransaction(async (sql) => {
      const was = await setOperatorStatus(sql, operatorId, status);
      if (was === undefined) throw new LedgerError('OPERATOR_NOT_FOUND', `no operator ${operatorId}`);
      if (status !== 'suspended' || was === 'suspended') return;
      // Its play-money book's sessions end with it (fun tokens name the book, funOperatorId).
      const scopes = [operatorId, funOperatorId(operatorId)];
      await revokeLiveSessions(sql, scopes, 'operator-suspended');
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
    const now = await this.inTransaction((sql) =>
      updateOperatorCaps(sql, operatorId, {
        maxDeposit: caps.maxDeposit ?? null,
        maxDailyDeposits: caps.maxDailyDeposits ?? null,
      }),
    );
    if (!now) throw new LedgerError('OPERATOR_NOT_FOUND', `no operator ${operatorId}`);
    return now;
  }

  /** Replaces the browser origins the operator's own pages open player sockets from (new launches carry them). */
  async setOrigins(operatorId: string, origins: string[]): Promise<void> {
    checkOrigins(origins);
    await this.setting(operatorId, { allowedOrigins: origins });
  }

  /**
   * Chooses which of a player's balances pays a stake first when the player holds bonus funds: cash (default) or
   * bonus (docs/ledger.md#bonus-funds).
   */
  async setBonusFirst(operatorId: string, bonusFirst: boolean): Promise<void> {
    await this.setting(operatorId, { bonusFirst });
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
    await this.setting(operatorId, { walletMode: mode, walletUrl: walletUrl ?? null });
  }

  private async issue(sql: Sql, operatorId: string): Promise<IssuedKey> {
    const keyId = `ck_${randomBytes(12).toString('hex')}`;
    const secret = randomBytes(32).toString('base64url');
    await insertOperatorKey(sql, { keyId, operatorId, secretSealed: this.box.seal(secret, keyId) });
    return { operatorId, keyId, secret };
  }

  private async setting(operatorId: string, setting: OperatorSetting): Promise<void> {
    if (!(await this.inTransaction((sql) => updateOperatorSetting(sql, operatorId, setting))))
      throw new LedgerError('OPERATOR_NOT_FOUND', `no operator ${operatorId}`);
  }

  private inTransaction<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    return this.ds.transaction((m) => work(sqlOf(m)));
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
