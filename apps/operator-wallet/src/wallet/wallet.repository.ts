import { createHash } from 'node:crypto';
import {
  BalanceCall,
  CreditCall,
  DebitCall,
  encodeWalletAnswer,
  encodeWalletCall,
  CreditV2Call,
  DebitV2Call,
  RollbackCall,
  RollbackV2Call,
  WalletAnswer,
  walletAnswerSchema,
} from '@casino/operator-protocol';
import { planCreditV2, planDebitV2, planRollbackV2 } from './wallet-book-v2';
import { DataSource } from 'typeorm';
import { MoneyCallPool } from '../database/money-call-pool';
import { planCredit, planDebit, planRollback, PlayerRow, TransactionRow, WalletPlan } from './wallet-book';

type MoneyCall = DebitCall | CreditCall | RollbackCall | DebitV2Call | CreditV2Call | RollbackV2Call;
type Planner = (player: PlayerRow, rows: Map<string, TransactionRow>, hash: string) => WalletPlan;

interface RawTransaction {
  transaction_id: string;
  call: TransactionRow['call'];
  player_id: string;
  amount: string;
  state: TransactionRow['state'];
  request_hash: string | null;
  answer: unknown;
}

const UNIQUE_VIOLATION = '23505';

/** A DataSource, a transaction's EntityManager, or the money calls' prepared statements. */
interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/**
 * What a money call reads: the player (with its version) and the transactions it names (its own id, and the debit
 * a credit or rollback refers to), in one statement. Two keys rather than an array, so that every plan of it
 * looks them up by key.
 */
const READ = `
  SELECT p.player_id, p.currency, p.balance, p.status, p.max_stake, p.version,
    (SELECT coalesce(json_agg(json_build_object(
        'transaction_id', t.transaction_id, 'call', t.call, 'player_id', t.player_id, 'amount', t.amount::text,
        'state', t.state, 'request_hash', t.request_hash, 'answer', t.answer)), '[]'::json)
     FROM wallet_transactions t WHERE t.transaction_id = ANY($2::text[])) AS transactions
  FROM wallet_players p WHERE p.player_id = $1`;

/**
 * A plan applied in one statement, only if the player's version is still the one read: the version bump is the
 * guard every write of the player's books passes, so two calls of one player never both apply what they planned
 * from the same reading. A new transaction id taken meanwhile fails the whole statement (unique violation).
 */
const WRITE = `
  WITH player AS (
    UPDATE wallet_players SET balance = balance + $3::bigint, version = version + 1
    WHERE player_id = $1 AND version = $2::bigint RETURNING player_id),
  inserted AS (
    INSERT INTO wallet_transactions (transaction_id, call, player_id, amount, debit_transaction_id, round_id,
      bet_id, state, request_hash, answer, request)
    SELECT t.id, t.call, p.player_id, t.amount, t.debit_id, t.round_id, t.bet_id, t.state, t.request_hash, t.answer,
      t.request
    FROM player p, unnest($4::text[], $5::text[], $6::bigint[], $7::text[], $8::text[], $9::text[], $10::text[],
      $11::text[], $12::jsonb[], $15::jsonb[])
      AS t(id, call, amount, debit_id, round_id, bet_id, state, request_hash, answer, request)),
  settled AS (
    UPDATE wallet_transactions d SET state = u.state FROM player p, unnest($13::text[], $14::text[]) AS u(id, state)
    WHERE d.transaction_id = u.id AND d.player_id = p.player_id)
  SELECT count(*)::int AS applied FROM player`;

/** The names READ and WRITE are prepared under on the money calls' connections. */
const PREPARED = new Map([
  [READ, 'wallet_money_read'],
  [WRITE, 'wallet_money_write'],
]);

interface PlayerRead {
  player_id: string;
  currency: string;
  balance: string;
  status: PlayerRow['status'];
  max_stake: string | null;
  version: string;
  transactions: RawTransaction[];
}

/**
 * The wallet's books in PostgreSQL. A money call reads its player and transactions without a lock, plans from
 * them (wallet-book.ts), and writes in one statement guarded by the player's version: two round trips of prepared
 * statements and no transaction block (one for a replay), so a wallet with a small pool keeps up with many calls
 * in flight. When another call of the same player wrote first, it is decided again under the player's row lock.
 */
export class WalletRepository {
  private readonly prepared: Queryable;

  constructor(
    private readonly ds: DataSource,
    pool: MoneyCallPool,
  ) {
    this.prepared = {
      query: (text, params = []) => {
        const name = PREPARED.get(text);
        if (name === undefined) throw new Error('not a money-call statement');
        return pool.query(name, text, params);
      },
    };
  }

  async balance(call: BalanceCall): Promise<WalletAnswer> {
    const [player] = (await this.ds.query(
      `SELECT currency, balance FROM wallet_players WHERE player_id = $1`,
      [call.playerId],
    )) as { currency: string; balance: string }[];
    if (!player) return unknownPlayer(call.playerId);
    if (player.currency !== call.currency)
      return {
        status: 'refused',
        code: 'CURRENCY_MISMATCH',
        message: `the player's wallet is in ${player.currency}`,
      };
    return { status: 'ok', balance: BigInt(player.balance), currency: player.currency };
  }

  debit(call: DebitCall): Promise<WalletAnswer> {
    return this.decide(call, [call.transactionId], (player, rows, hash) =>
      planDebit(player, rows.get(call.transactionId), call, hash),
    );
  }

  credit(call: CreditCall): Promise<WalletAnswer> {
    // A free bet's credit names its promotion, not a debit (docs/operator-integration.md#free-bets).
    const debit = call.debitTransactionId;
    return this.decide(
      call,
      debit === undefined ? [call.transactionId] : [call.transactionId, debit],
      (player, rows, hash) =>
        planCredit(
          player,
          rows.get(call.transactionId),
          debit === undefined ? undefined : rows.get(debit),
          call,
          hash,
        ),
    );
  }

  rollback(call: RollbackCall): Promise<WalletAnswer> {
    return this.decide(call, [call.transactionId, call.debitTransactionId], (player, rows, hash) =>
      planRollback(player, rows.get(call.transactionId), rows.get(call.debitTransactionId), call, hash),
    );
  }

  debitV2(call: DebitV2Call): Promise<WalletAnswer> {
    return this.decide(call, [call.transactionId], (player, rows, hash) =>
      planDebitV2(player, rows.get(call.transactionId), call, hash),
    );
  }

  /** A batch credit reads its own id and every debit its credits name. */
  creditV2(call: CreditV2Call): Promise<WalletAnswer> {
    const debits = [
      ...new Set(call.credits.flatMap((c) => (c.debitTransactionId ? [c.debitTransactionId] : []))),
    ];
    return this.decide(call, [call.transactionId, ...debits], (player, rows, hash) =>
      planCreditV2(player, rows.get(call.transactionId), rows, call, hash),
    );
  }

  rollbackV2(call: RollbackV2Call): Promise<WalletAnswer> {
    return this.decide(call, [call.transactionId, call.debitTransactionId], (player, rows, hash) =>
      planRollbackV2(player, rows.get(call.transactionId), rows.get(call.debitTransactionId), call, hash),
    );
  }

  /**
   * Optimistic first: read, plan, write if the player is unchanged. A player another call changed meanwhile is
   * decided again under its row lock, which always makes progress however many calls it has in flight.
   */
  private async decide(call: MoneyCall, ids: string[], plan: Planner): Promise<WalletAnswer> {
    const request = encodeWalletCall(call);
    const hash = createHash('sha256').update(request).digest('hex');
    const optimistic = await this.attempt(this.prepared, call, ids, hash, plan, false, request);
    if (optimistic) return optimistic;
    for (let attempt = 1; ; attempt++) {
      const locked = await this.ds.transaction((em) =>
        this.attempt(em, call, ids, hash, plan, true, request),
      );
      if (locked) return locked;
      // Under the lock only the same transaction id sent for another player at once fails the write: deciding
      // again finds the winner's row and answers the conflict.
      if (attempt >= 3) throw new Error(`transaction ${call.transactionId} could not be written`);
    }
  }

  /** One reading, plan and write; undefined when the write found the player changed or the id taken. */
  private async attempt(
    db: Queryable,
    call: MoneyCall,
    ids: string[],
    hash: string,
    plan: Planner,
    lock: boolean,
    request: string,
  ): Promise<WalletAnswer | undefined> {
    const [read] = (await db.query(lock ? `${READ} FOR UPDATE OF p` : READ, [
      call.playerId,
      ids,
    ])) as PlayerRead[];
    if (!read) return unknownPlayer(call.playerId);
    const { rows, foreign } = transactionsOf(read.transactions, call);
    const named = ids.slice(1).find((id) => foreign.has(id));
    if (named !== undefined)
      return { status: 'refused', code: 'UNKNOWN_TRANSACTION', message: `no debit ${named} of this player` };
    const decided = plan(playerOf(read), rows, hash);
    const updates = [...(decided.debitUpdate ? [decided.debitUpdate] : []), ...(decided.debitUpdates ?? [])];
    if (decided.balanceDelta === 0n && decided.inserts.length === 0 && updates.length === 0)
      return decided.answer;
    return (await this.write(db, read, decided, updates, request)) ? decided.answer : undefined;
  }

  /** Applies the plan if the player is as read; false when another call wrote first (or took the id). */
  private async write(
    db: Queryable,
    read: PlayerRead,
    plan: WalletPlan,
    updates: NonNullable<WalletPlan['debitUpdates']>,
    request: string,
  ): Promise<boolean> {
    const col = <T>(f: (t: WalletPlan['inserts'][number]) => T) => plan.inserts.map(f);
    try {
      const [{ applied }] = (await db.query(WRITE, [
        read.player_id,
        read.version,
        plan.balanceDelta.toString(),
        col((t) => t.transactionId),
        col((t) => t.call),
        col((t) => t.amount.toString()),
        col((t) => t.debitTransactionId),
        col((t) => t.roundId),
        col((t) => t.betId),
        col((t) => t.state),
        col((t) => t.requestHash),
        col((t) => encodeWalletAnswer(t.answer)),
        updates.map((u) => u.transactionId),
        updates.map((u) => u.state),
        // The call as sent, on its own row (a rollback's mark under a debit id has none).
        col((t) => (t.requestHash === null ? null : request)),
      ])) as { applied: number }[];
      return applied === 1;
    } catch (err) {
      if ((err as { code?: string }).code === UNIQUE_VIOLATION) return false;
      throw err;
    }
  }
}

function playerOf(raw: PlayerRead): PlayerRow {
  return {
    playerId: raw.player_id,
    currency: raw.currency,
    balance: BigInt(raw.balance),
    status: raw.status,
    maxStake: raw.max_stake === null ? null : BigInt(raw.max_stake),
  };
}

/**
 * The rows the call names. The call's own id may belong to another player (then its hash differs: a conflict); a
 * referenced debit of another player is never this player's to settle or cancel.
 */
function transactionsOf(
  raw: readonly RawTransaction[],
  call: MoneyCall,
): { rows: Map<string, TransactionRow>; foreign: Set<string> } {
  const rows = new Map<string, TransactionRow>();
  const foreign = new Set<string>();
  for (const r of raw) {
    if (r.transaction_id !== call.transactionId && r.player_id !== call.playerId) {
      foreign.add(r.transaction_id);
      continue;
    }
    rows.set(r.transaction_id, {
      transactionId: r.transaction_id,
      call: r.call,
      amount: BigInt(r.amount),
      state: r.state,
      requestHash: r.request_hash,
      answer: walletAnswerSchema.parse(r.answer),
    });
  }
  return { rows, foreign };
}

function unknownPlayer(playerId: string): WalletAnswer {
  return { status: 'refused', code: 'UNKNOWN_PLAYER', message: `no player ${playerId}` };
}
