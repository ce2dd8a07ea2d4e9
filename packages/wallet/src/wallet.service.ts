import { DataSource, EntityManager } from 'typeorm';
import {
  AccountSpec,
  accountKey,
  betsInPlayAccount,
  fundingAccount,
  houseAccount,
  MAY_GO_NEGATIVE,
  playerAccount,
} from './account-key';
import { EntryKind } from './journal-entry.entity';
import { ensureAccounts, lockAccounts, postEntries } from './ledger-store';
import { Sql, sqlOf } from './sql';
import { WalletError } from './wallet.errors';

export interface TransferLine {
  account: AccountSpec;
  amount: bigint;
}

export interface TransferRequest {
  idempotencyKey: string;
  kind: EntryKind;
  reference?: string;
  currency: string;
  lines: TransferLine[];
}

export interface TransferResult {
  /** True when this idempotency key had been posted before: nothing changed. */
  duplicate: boolean;
  /** Balance of every account of the request (by account key) after it. */
  balances: Map<string, bigint>;
}

export interface PlayerRef {
  operatorId: string;
  playerId: string;
  currency: string;
}

/**
 * Single-movement wallet operations with idempotency keys, for the REST API and tools. Each runs in the caller's
 * transaction (or its own): accounts locked in id order, funds checked, one balanced journal entry posted.
 * The bet ledger's hot path uses the bulk functions of ledger-store directly.
 */
export class WalletService {
  constructor(private readonly dataSource: DataSource) {}

  /** In its own transaction, or in the caller's (an EntityManager inside one, or its Sql handle). */
  async transfer(request: TransferRequest, manager?: EntityManager | Sql): Promise<TransferResult> {
    if (!manager) return this.dataSource.transaction((m) => this.transfer(request, m));
    for (const line of request.lines) {
      if (line.account.currency !== request.currency) {
        throw new WalletError(
          'CURRENCY_MISMATCH',
          `${accountKey(line.account)} is not in ${request.currency}`,
        );
      }
    }
    const sql = 'rows' in manager ? manager : sqlOf(manager);
    await ensureAccounts(
      sql,
      request.lines.map((l) => l.account),
    );
    const keys = request.lines.map((l) => accountKey(l.account));
    const accounts = await lockAccounts(sql, keys);
    const seen = await sql.rows(`SELECT 1 FROM wallet_entries WHERE idempotency_key = $1`, [
      request.idempotencyKey,
    ]);
    const balances = new Map([...accounts].map(([k, a]) => [k, a.balance] as const));
    if (seen.length > 0) return { duplicate: true, balances };
    const lockedAccount = (key: string) => {
      const account = accounts.get(key);
      if (!account) throw new WalletError('ACCOUNT_NOT_FOUND', `${key} was not locked`);
      return account;
    };
    for (const line of request.lines) {
      const key = accountKey(line.account);
      const before = balances.get(key) ?? lockedAccount(key).balance;
      const after = before + line.amount;
      if (after < 0n && !MAY_GO_NEGATIVE[line.account.kind]) {
        throw new WalletError('INSUFFICIENT_FUNDS', `${key} holds ${before}, needs ${-line.amount}`);
      }
      balances.set(key, after);
    }
    await postEntries(sql, [
      {
        idempotencyKey: request.idempotencyKey,
        kind: request.kind,
        reference: request.reference ?? null,
        currency: request.currency,
        lines: request.lines.map((l) => ({
          accountId: lockedAccount(accountKey(l.account)).id,
          amount: l.amount,
        })),
      },
    ]);
    return { duplicate: false, balances };
  }

  /** Takes a stake from the player's wallet into the table's bets in play. */
  debit(
    p: PlayerRef & { idempotencyKey: string; amount: bigint; tableId: string; reference?: string },
    m?: EntityManager | Sql,
  ) {
    positive(p.amount);
    return this.transfer(
      {
        idempotencyKey: p.idempotencyKey,
        kind: 'bet',
        reference: p.reference,
        currency: p.currency,
        lines: [
          { account: playerAccount(p.operatorId, p.playerId, p.currency), amount: -p.amount },
          { account: betsInPlayAccount(p.operatorId, p.tableId, p.currency), amount: p.amount },
        ],
      },
      m,
    );
  }

  /** Settles a stake: `returned` (stake included) to the player, the rest of the stake to (or from) the house. */
  credit(
    p: PlayerRef & { idempotencyKey: string; stake: bigint; returned: bigint; game: string; tableId: string },
    m?: EntityManager | Sql,
  ) {
    positive(p.stake);
    if (p.returned < 0n) throw new WalletError('INVALID_AMOUNT', 'returned must not be negative');
    return this.transfer(
      {
        idempotencyKey: p.idempotencyKey,
        kind: 'settlement',
        currency: p.currency,
        lines: [
          { account: betsInPlayAccount(p.operatorId, p.tableId, p.currency), amount: -p.stake },
          { account: playerAccount(p.operatorId, p.playerId, p.currency), amount: p.returned },
          {
            account: houseAccount(p.operatorId, p.game, p.tableId, p.currency),
            amount: p.stake - p.returned,
          },
        ],
      },
      m,
    );
  }

  /** Returns a stake from the table's bets in play to the player (void round). */
  refund(
    p: PlayerRef & { idempotencyKey: string; amount: bigint; tableId: string; reference?: string },
    m?: EntityManager | Sql,
  ) {
    positive(p.amount);
    return this.transfer(
      {
        idempotencyKey: p.idempotencyKey,
        kind: 'refund',
        reference: p.reference,
        currency: p.currency,
        lines: [
          { account: betsInPlayAccount(p.operatorId, p.tableId, p.currency), amount: -p.amount },
          { account: playerAccount(p.operatorId, p.playerId, p.currency), amount: p.amount },
        ],
      },
      m,
    );
  }

  /** Funds a player's wallet from the operator's funding account (which may go negative). */
  deposit(
    p: PlayerRef & { idempotencyKey: string; amount: bigint; reference?: string },
    m?: EntityManager | Sql,
  ) {
    positive(p.amount);
    return this.transfer(
      {
        idempotencyKey: p.idempotencyKey,
        kind: 'deposit',
        reference: p.reference,
        currency: p.currency,
        lines: [
          { account: fundingAccount(p.operatorId, p.currency), amount: -p.amount },
          { account: playerAccount(p.operatorId, p.playerId, p.currency), amount: p.amount },
        ],
      },
      m,
    );
  }

  /** Pays a player's wallet out to the operator's funding account; never below zero (INSUFFICIENT_FUNDS). */
  withdraw(
    p: PlayerRef & { idempotencyKey: string; amount: bigint; reference?: string },
    m?: EntityManager | Sql,
  ) {
    positive(p.amount);
    return this.transfer(
      {
        idempotencyKey: p.idempotencyKey,
        kind: 'withdrawal',
        reference: p.reference,
        currency: p.currency,
        lines: [
          { account: playerAccount(p.operatorId, p.playerId, p.currency), amount: -p.amount },
          { account: fundingAccount(p.operatorId, p.currency), amount: p.amount },
        ],
      },
      m,
    );
  }

  async balanceOf(spec: AccountSpec): Promise<bigint | undefined> {
    const rows = await this.dataSource.query(`SELECT balance FROM wallet_accounts WHERE key = $1`, [
      accountKey(spec),
    ]);
    return rows.length > 0 ? BigInt(rows[0].balance) : undefined;
  }
}

function positive(amount: bigint): void {
  if (amount <= 0n) throw new WalletError('INVALID_AMOUNT', `amount must be positive, got ${amount}`);
}
