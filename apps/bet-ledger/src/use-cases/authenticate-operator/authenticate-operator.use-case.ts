import { Inject, Injectable } from '@nestjs/common';
import { Sql } from '@casino/wallet';
import { DataSource } from 'typeorm';
import { poolSql } from '../../database/pool-sql';
import { LEDGER_CONFIG, LedgerConfig } from '../../config/ledger-config';
import { LedgerError } from '../../errors/ledger.errors';
import { OperatorAccount } from '../../operators/operator-account';
import {
  signatureMatches,
  SignedRequest,
  SIGNATURE_HEADERS,
  timestampFresh,
} from '@casino/operator-protocol';
import {
  activeKeyOf,
  pruneOperatorRequests,
  recordOperatorRequest,
} from '../../operators/operator-keys.repository';
import { SecretBox } from '../../operators/secret-box';

export interface AuthenticateCommand {
  method: string;
  pathWithQuery: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  body: Buffer | string;
  nowMs?: number;
}

/** Request ids are kept this long: longer than the ±5 min a timestamp may be off, so a replay is always seen. */
const REPLAY_WINDOW_MINUTES = 15;
const PRUNE_EVERY_MS = 60_000;

/**
 * Checks a signed operator request, in this order: headers present, key known and not revoked, signature (HMAC,
 * constant time), timestamp within 5 minutes, operator active and not a play-money book (operators/fun-book.ts),
 * request id not seen within the window. Only a request that passes everything records its request id; a refused
 * one changes nothing.
 */
@Injectable()
export class AuthenticateOperatorUseCase {
  private readonly box: SecretBox;
  private readonly sql: Sql;
  private lastPrune = 0;

  constructor(ds: DataSource, @Inject(LEDGER_CONFIG) config: LedgerConfig) {
    this.box = new SecretBox(config.LEDGER_SECRETS_KEY);
    this.sql = poolSql(ds);
  }

  async execute(cmd: AuthenticateCommand): Promise<OperatorAccount> {
    const header = (name: string) => {
      const v = cmd.headers[name];
      return typeof v === 'string' && v.length > 0 ? v : undefined;
    };
    const keyId = header(SIGNATURE_HEADERS.key);
    const timestamp = header(SIGNATURE_HEADERS.timestamp);
    const requestId = header(SIGNATURE_HEADERS.requestId);
    const signature = header(SIGNATURE_HEADERS.signature);
    if (!keyId || !timestamp || !requestId || !signature) throw new LedgerError('SIGNATURE_MISSING');
    if (requestId.length > 128)
      throw new LedgerError('INVALID_REQUEST', 'X-Casino-Request-Id: at most 128 chars');
    const row = await activeKeyOf(this.sql, keyId);
    if (!row) throw new LedgerError('KEY_UNKNOWN');
    const secret = this.box.open(row.secret_sealed, row.key_id);
    const signed: SignedRequest = {
      method: cmd.method,
      pathWithQuery: cmd.pathWithQuery,
      timestamp,
      requestId,
      body: cmd.body,
    };
    if (!signatureMatches(secret, signed, signature)) throw new LedgerError('SIGNATURE_INVALID');
    const now = cmd.nowMs ?? Date.now();
    if (!timestampFresh(timestamp, now)) throw new LedgerError('TIMESTAMP_STALE');
    if (row.status !== 'active') throw new LedgerError('OPERATOR_SUSPENDED');
    // A play-money book never has keys; one given a key by hand still cannot deposit, withdraw or launch.
    if (row.fun) throw new LedgerError('PLAY_MONEY_BOOK');
    await this.prune(now);
    if (!(await recordOperatorRequest(this.sql, row.operator_id, requestId)))
      throw new LedgerError('REQUEST_REPLAYED');
    return {
      operatorId: row.operator_id,
      name: row.name,
      status: row.status,
      currencies: row.currencies,
      maxDeposit: row.max_deposit === null ? null : BigInt(row.max_deposit),
      maxBalance: row.max_balance === null ? null : BigInt(row.max_balance),
      maxDailyDeposits: row.max_daily_deposits === null ? null : BigInt(row.max_daily_deposits),
      walletMode: row.wallet_mode,
      allowedOrigins: row.allowed_origins,
      keyId: row.key_id,
    };
  }

  private async prune(now: number): Promise<void> {
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    await pruneOperatorRequests(this.sql, REPLAY_WINDOW_MINUTES);
  }
}
