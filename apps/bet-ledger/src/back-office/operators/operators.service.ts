import { prefixedTopics } from '@casino/events';
import { Sql, sqlOf } from '@casino/wallet';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LEDGER_CONFIG, LedgerConfig } from '../../config/ledger-config';
import { poolSql } from '../../database/pool-sql';
import { LedgerError } from '../../errors/ledger.errors';
import { IssuedKey, ManageOperators } from '../../use-cases/manage-operators/manage-operators.use-case';
import { keyBelongsTo, listOperatorKeys } from '../../operators/operator-keys.repository';
import { listOperators } from '../../operators/operator-registry.repository';
import { setWalletProtocol } from '../../seamless/seamless-operators';

export interface OperatorKeyView {
  keyId: string;
  status: 'active' | 'revoked';
  createdAt: string;
  revokedAt: string | null;
}

export interface OperatorView {
  operatorId: string;
  name: string;
  status: 'active' | 'suspended';
  walletMode: 'transfer' | 'seamless';
  walletUrl: string | null;
  walletProtocol: 1 | 2;
  currencies: string[];
  allowedOrigins: string[];
  createdAt: string;
  keys: OperatorKeyView[];
}

/**
 * The operator registry for the back office. Every change goes through ManageOperators, the code path of
 * `npm run operator`: keys are generated and sealed there; this service never reads a sealed secret.
 */
@Injectable()
export class OperatorsService {
  private readonly ops: ManageOperators;

  private readonly sql: Sql;

  constructor(
    private readonly ds: DataSource,
    @Inject(LEDGER_CONFIG) config: LedgerConfig,
  ) {
    this.sql = poolSql(ds);
    this.ops = new ManageOperators(ds, config.LEDGER_SECRETS_KEY, prefixedTopics(config.KAFKA_TOPIC_PREFIX));
  }

  /** Every operator in id order with its keys (ids and dates only: the secrets are never read). */
  async list(operatorId?: string): Promise<OperatorView[]> {
    const operators = await listOperators(this.sql, operatorId);
    const keys = await listOperatorKeys(this.sql, operatorId);
    return operators.map((o) => ({
      operatorId: o.operator_id,
      name: o.name,
      status: o.status,
      walletMode: o.wallet_mode,
      walletUrl: o.wallet_url,
      walletProtocol: Number(o.wallet_protocol) === 2 ? 2 : 1,
      currencies: o.currencies,
      allowedOrigins: o.allowed_origins,
      createdAt: o.created_at.toISOString(),
      keys: keys
        .filter((k) => k.operator_id === o.operator_id)
        .map((k) => ({
          keyId: k.key_id,
          status: k.revoked_at ? 'revoked' : 'active',
          createdAt: k.created_at.toISOString(),
          revokedAt: k.revoked_at ? k.revoked_at.toISOString() : null,
        })),
    }));
  }

  async get(operatorId: string): Promise<OperatorView> {
    const [found] = await this.list(operatorId);
    if (!found) throw new LedgerError('OPERATOR_NOT_FOUND', `no operator ${operatorId}`);
    return found;
  }

  /** Creates the operator with its first key (as the CLI does), then its wallet mode. */
  async create(input: {
    operatorId: string;
    name: string;
    currencies: string[];
    allowedOrigins: string[];
    walletMode: 'transfer' | 'seamless';
    walletUrl: string | null;
    walletProtocol: 1 | 2;
  }): Promise<{ operator: OperatorView; key: IssuedKey }> {
    const key = await this.ops.create({
      operatorId: input.operatorId,
      name: input.name,
      currencies: input.currencies,
      allowedOrigins: input.allowedOrigins,
    });
    if (input.walletMode === 'seamless' || input.walletUrl !== null)
      await this.ops.setWallet(input.operatorId, input.walletMode, input.walletUrl ?? undefined);
    if (input.walletProtocol !== 1) await this.setWalletProtocol(input.operatorId, input.walletProtocol);
    return { operator: await this.get(input.operatorId), key };
  }

  /** The version a seamless operator's wallet calls are made in from now on (calls already queued keep theirs). */
  async setWalletProtocol(operatorId: string, version: 1 | 2): Promise<OperatorView> {
    const before = await this.get(operatorId);
    if (before.walletMode !== 'seamless')
      throw new LedgerError(
        'INVALID_REQUEST',
        `${operatorId} has a transfer wallet: no wallet protocol to choose`,
      );
    await this.ds.transaction((m) => setWalletProtocol(sqlOf(m), operatorId, version));
    return this.get(operatorId);
  }

  /** A new key; its secret is in the answer, this once. */
  issueKey(operatorId: string): Promise<IssuedKey> {
    return this.ops.addKey(operatorId);
  }

  /** Revokes one of the operator's keys (a key of another operator is not found). */
  async revokeKey(operatorId: string, keyId: string): Promise<OperatorView> {
    if (!(await keyBelongsTo(this.sql, keyId, operatorId))) {
      await this.get(operatorId); // OPERATOR_NOT_FOUND first
      throw new LedgerError('OPERATOR_KEY_NOT_FOUND', `operator ${operatorId} has no key ${keyId}`);
    }
    await this.ops.revokeKey(keyId);
    return this.get(operatorId);
  }

  /** Suspending ends the operator's players' sessions (ManageOperators.setStatus). */
  async setStatus(operatorId: string, status: 'active' | 'suspended'): Promise<OperatorView> {
    await this.ops.setStatus(operatorId, status);
    return this.get(operatorId);
  }
}
