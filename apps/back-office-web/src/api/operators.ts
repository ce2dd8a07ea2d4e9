import { requestJson, seg } from './http';

// The operator registry (apps/bet-ledger/src/back-office/operators): admins of the platform only. A key's secret
// is in the answer that issues it, once; the list carries key ids and dates, never a secret.

export interface OperatorKey {
  keyId: string;
  status: 'active' | 'revoked';
  createdAt: string;
  revokedAt: string | null;
}

export interface Operator {
  operatorId: string;
  name: string;
  status: 'active' | 'suspended';
  walletMode: 'transfer' | 'seamless';
  walletUrl: string | null;
  /** The seamless wallet protocol's version its calls are made in (docs/operator-integration.md#seamless-wallet). */
  walletProtocol: 1 | 2;
  currencies: string[];
  allowedOrigins: string[];
  createdAt: string;
  keys: OperatorKey[];
}

export interface IssuedKey {
  operatorId: string;
  keyId: string;
  secret: string;
}

export interface NewOperator {
  operatorId: string;
  name: string;
  currencies: string[];
  allowedOrigins: string[];
  walletMode: 'transfer' | 'seamless';
  walletUrl: string | null;
  walletProtocol: 1 | 2;
  reason: string;
}

export class OperatorsApi {
  constructor(private readonly token: string) {}

  list(): Promise<Operator[]> {
    return requestJson('/back-office/operators', this.token);
  }

  /** The operator and its first key (the secret, once). */
  create(operator: NewOperator): Promise<{ operator: Operator; key: IssuedKey }> {
    return requestJson('/back-office/operators', this.token, { method: 'POST', body: operator });
  }

  issueKey(operatorId: string, reason: string): Promise<IssuedKey> {
    return this.post(`/${seg(operatorId)}/keys`, reason);
  }

  revokeKey(operatorId: string, keyId: string, reason: string): Promise<Operator> {
    return this.post(`/${seg(operatorId)}/keys/${seg(keyId)}/revoke`, reason);
  }

  suspend(operatorId: string, reason: string): Promise<Operator> {
    return this.post(`/${seg(operatorId)}/suspend`, reason);
  }

  activate(operatorId: string, reason: string): Promise<Operator> {
    return this.post(`/${seg(operatorId)}/activate`, reason);
  }

  setWalletProtocol(operatorId: string, version: 1 | 2, reason: string): Promise<Operator> {
    return requestJson(`/back-office/operators/${seg(operatorId)}/wallet-protocol`, this.token, {
      method: 'POST',
      body: { version, reason },
    });
  }

  private post<T>(path: string, reason: string): Promise<T> {
    return requestJson(`/back-office/operators${path}`, this.token, { method: 'POST', body: { reason } });
  }
}
