import { createHash } from 'node:crypto';
import {
  BalanceCall,
  CreditCall,
  DebitCall,
  encodeWalletAnswer,
  encodeWalletCall,
  RollbackCall,
  WalletAnswer,
  walletAnswerSchema,
} from '@casino/operator-protocol';
import { DataSource, EntityManager } from 'typeorm';
import { planCredit, planDebit, planRollback, PlayerRow, TransactionRow, WalletPlan } from './wallet-book';

type MoneyCall = DebitCall | CreditCall | RollbackCall;
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

/** The wallet's books in PostgreSQL: each money call is one transaction under the player's row lock. */
export class WalletRepository {
  constructor(private readonly ds: DataSource) {}

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
    return this.decide(call, [call.transactionId, call.debitTransactionId], (player, rows, hash) =>
      planCredit(player, rows.get(call.transactionId), rows.get(call.debitTransactionId), call, hash),
    );
  }

  rollback(call: RollbackCall): Promise<WalletAnswer> {
    return this.decide(call, [call.transactionId, call.debitTransactionId], (player, rows, hash) =>
      planRollback(player, rows.get(call.transactionId), rows.get(call.debitTransactionId), call, hash),
    );
  }

  private async decide(call: MoneyCall, ids: string[], plan: Planner): Promise<WalletAnswer> {
    const hash = createHash('sha256').update(encodeWalletCall(call)).digest('hex');
    try {
      return await this.ds.transaction((em) => this.decideLocked(em, call, ids, hash, plan));
    } catch (err) {
      // The same transaction id sent for two players at once: the loser's insert collides; deciding again
      // finds the winner's row and answers the conflict.
      if ((err as { code?: string }).code !== UNIQUE_VIOLATION) throw err;
      return this.ds.transaction((em) => this.decideLocked(em, call, ids, hash, plan));
    }
  }

  private async decideLocked(
    em: EntityManager,
    call: MoneyCall,
    ids: string[],
    hash: string,
    plan: Planner,
  ): Promise<WalletAnswer> {
    const [raw] = (await em.query(
      `SELECT player_id, currency, balance, status, max_stake FROM wallet_players WHERE player_id = $1 FOR UPDATE`,
      [call.playerId],
    )) as {
      player_id: string;
      currency: string;
      balance: string;
      status: PlayerRow['status'];
      max_stake: string | null;
    }[];
    if (!raw) return unknownPlayer(call.playerId);
    const player: PlayerRow = {
      playerId: raw.player_id,
      currency: raw.currency,
      balance: BigInt(raw.balance),
      status: raw.status,
      maxStake: raw.max_stake === null ? null : BigInt(raw.max_stake),
    };
    const { rows, foreign } = await this.transactions(em, ids, call);
    if ('debitTransactionId' in call && foreign.has(call.debitTransactionId))
      return {
        status: 'refused',
        code: 'UNKNOWN_TRANSACTION',
        message: `no debit ${call.debitTransactionId} of this player`,
      };
    const decided = plan(player, rows, hash);
    if (decided.balanceDelta !== 0n)
      await em.query(`UPDATE wallet_players SET balance = balance + $2 WHERE player_id = $1`, [
        player.playerId,
        decided.balanceDelta.toString(),
      ]);
    for (const t of decided.inserts)
      await em.query(
        `INSERT INTO wallet_transactions
           (transaction_id, call, player_id, amount, debit_transaction_id, round_id, bet_id, state, request_hash, answer)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          t.transactionId,
          t.call,
          player.playerId,
          t.amount.toString(),
          t.debitTransactionId,
          t.roundId,
          t.betId,
          t.state,
          t.requestHash,
          encodeWalletAnswer(t.answer),
        ],
      );
    if (decided.debitUpdate)
      await em.query(`UPDATE wallet_transactions SET state = $2 WHERE transaction_id = $1`, [
        decided.debitUpdate.transactionId,
        decided.debitUpdate.state,
      ]);
    return decided.answer;
  }

  /**
   * The rows of `ids`, locked. The call's own id may belong to another player (then its hash differs: a
   * conflict); a referenced debit of another player is never this player's to settle or cancel.
   */
  private async transactions(
    em: EntityManager,
    ids: string[],
    call: MoneyCall,
  ): Promise<{ rows: Map<string, TransactionRow>; foreign: Set<string> }> {
    const raw = (await em.query(
      `SELECT transaction_id, call, player_id, amount, state, request_hash, answer
         FROM wallet_transactions WHERE transaction_id = ANY($1) FOR UPDATE`,
      [ids],
    )) as RawTransaction[];
    const out = new Map<string, TransactionRow>();
    const foreign = new Set<string>();
    for (const r of raw) {
      if (r.transaction_id !== call.transactionId && r.player_id !== call.playerId) {
        foreign.add(r.transaction_id);
        continue;
      }
      out.set(r.transaction_id, {
        transactionId: r.transaction_id,
        call: r.call,
        amount: BigInt(r.amount),
        state: r.state,
        requestHash: r.request_hash,
        answer: walletAnswerSchema.parse(r.answer),
      });
    }
    return { rows: out, foreign };
  }
}

function unknownPlayer(playerId: string): WalletAnswer {
  return { status: 'refused', code: 'UNKNOWN_PLAYER', message: `no player ${playerId}` };
}
