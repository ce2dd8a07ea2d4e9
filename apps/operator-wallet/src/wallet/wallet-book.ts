import { MAX_MINOR_UNITS } from '@casino/events';
import {
  CreditCall,
  DebitCall,
  RollbackCall,
  WalletAnswer,
  WalletRefusalCode,
} from '@casino/operator-protocol';

/**
 * The reference wallet's rules, as pure functions over the rows a call read: what the answer is and which rows
 * change. The repository applies a plan only if the player is still as it was read (its version), else decides the
 * call again, so two calls for one player (a debit and its rollback racing, a retry beside the first try) are
 * decided one after the other.
 */
export interface PlayerRow {
  playerId: string;
  currency: string;
  balance: bigint;
  status: 'active' | 'blocked';
  maxStake: bigint | null;
}

export type DebitState = 'applied' | 'refused' | 'settled' | 'rolled_back';

export interface TransactionRow {
  transactionId: string;
  call: 'debit' | 'credit' | 'rollback';
  amount: bigint;
  state: DebitState;
  requestHash: string | null;
  answer: WalletAnswer;
}

export interface NewTransaction {
  transactionId: string;
  call: 'debit' | 'credit' | 'rollback';
  amount: bigint;
  debitTransactionId: string | null;
  roundId: string | null;
  betId: string | null;
  state: DebitState;
  requestHash: string | null;
  /** What a retry of this transaction id is answered. */
  answer: WalletAnswer;
  /** The call as sent (its JSON), what the operator's statements book; null for a rollback's mark. */
  request?: string | null;
}

export interface WalletPlan {
  answer: WalletAnswer;
  /** Added to the player's balance (negative for a debit). */
  balanceDelta: bigint;
  /** Rows to insert: the call itself, and for a rollback ahead of its debit the mark under the debit's id. */
  inserts: NewTransaction[];
  /** The debit a credit settles or a rollback cancels (a version 2 credit may settle several). */
  debitUpdate?: { transactionId: string; state: DebitState };
  debitUpdates?: { transactionId: string; state: DebitState }[];
}

export function refused(code: WalletRefusalCode, message: string): WalletAnswer {
  return { status: 'refused', code, message };
}

export function ok(player: PlayerRow, balance: bigint, transactionId?: string): WalletAnswer {
  return {
    status: 'ok',
    balance,
    currency: player.currency,
    ...(transactionId ? { operatorTransactionId: `ow-${transactionId}` } : {}),
  };
}

/** A call already answered: the first answer again, or a conflict if the same id now means something else. */
export function replay(existing: TransactionRow, requestHash: string): WalletPlan | undefined {
  if (existing.requestHash === null) return undefined;
  const answer =
    existing.requestHash === requestHash
      ? existing.answer
      : refused(
          'TRANSACTION_CONFLICT',
          `transaction ${existing.transactionId} was sent before with other fields`,
        );
  return { answer, balanceDelta: 0n, inserts: [] };
}

/** A call refused and recorded, so that its retry gets the same refusal even if the balance has changed since. */
export function recordedRefusal(
  call: DebitCall | CreditCall | RollbackCall,
  kind: NewTransaction['call'],
  requestHash: string,
  code: WalletRefusalCode,
  message: string,
): WalletPlan {
  const answer = refused(code, message);
  return { answer, balanceDelta: 0n, inserts: [row(call, kind, 0n, 'refused', requestHash, answer)] };
}

function row(
  call: DebitCall | CreditCall | RollbackCall,
  kind: NewTransaction['call'],
  amount: bigint,
  state: DebitState,
  requestHash: string | null,
  answer: WalletAnswer,
): NewTransaction {
  return {
    transactionId: call.transactionId,
    call: kind,
    amount,
    debitTransactionId: 'debitTransactionId' in call ? (call.debitTransactionId ?? null) : null,
    roundId: call.roundId,
    betId: call.betId,
    state,
    requestHash,
    answer,
  };
}

export function planDebit(
  player: PlayerRow,
  existing: TransactionRow | undefined,
  call: DebitCall,
  requestHash: string,
): WalletPlan {
  // A mark left by an earlier rollback answers the late debit with its refusal.
  if (existing)
    return replay(existing, requestHash) ?? { answer: existing.answer, balanceDelta: 0n, inserts: [] };
  const refuse = (code: WalletRefusalCode, message: string) =>
    recordedRefusal(call, 'debit', requestHash, code, message);
  if (call.currency !== player.currency)
    return refuse('CURRENCY_MISMATCH', `the player's wallet is in ${player.currency}`);
  if (player.status === 'blocked') return refuse('PLAYER_BLOCKED', 'the player is blocked');
  if (player.maxStake !== null && call.amount > player.maxStake)
    return refuse('LIMIT_REACHED', `a stake may be at most ${player.maxStake}`);
  if (call.amount > player.balance) return refuse('INSUFFICIENT_FUNDS', `the balance is ${player.balance}`);
  const answer = ok(player, player.balance - call.amount, call.transactionId);
  return {
    answer,
    balanceDelta: -call.amount,
    inserts: [row(call, 'debit', call.amount, 'applied', requestHash, answer)],
  };
}

export function planCredit(
  player: PlayerRow,
  existing: TransactionRow | undefined,
  debit: TransactionRow | undefined,
  call: CreditCall,
  requestHash: string,
): WalletPlan {
  if (existing) return replay(existing, requestHash) ?? conflictWithMark(call);
  const refuse = (code: WalletRefusalCode, message: string) =>
    recordedRefusal(call, 'credit', requestHash, code, message);
  if ((call.debitTransactionId === undefined) === (call.promotionId === undefined))
    return refuse('INVALID_REQUEST', 'a credit names either a debit or a promotion');
  if (call.currency !== player.currency)
    return refuse('CURRENCY_MISMATCH', `the player's wallet is in ${player.currency}`);
  const credited = (debitUpdate?: WalletPlan['debitUpdate']): WalletPlan => {
    if (player.balance + call.amount > MAX_MINOR_UNITS)
      return refuse('LIMIT_REACHED', 'the balance would exceed 64 bits');
    const answer = ok(player, player.balance + call.amount, call.transactionId);
    const inserts = [row(call, 'credit', call.amount, 'applied', requestHash, answer)];
    return { answer, balanceDelta: call.amount, inserts, ...(debitUpdate && { debitUpdate }) };
  };
  // A free bet's credit: its winnings, booked to the promotion (no debit: the stake was never the player's).
  if (call.promotionId !== undefined) return credited();
  if (!debit || debit.call !== 'debit' || debit.state === 'refused')
    return refuse('UNKNOWN_TRANSACTION', `no confirmed debit ${call.debitTransactionId}`);
  if (debit.state === 'rolled_back')
    return refuse('TRANSACTION_ROLLED_BACK', `debit ${call.debitTransactionId} was rolled back`);
  if (debit.state === 'settled')
    return refuse('TRANSACTION_CONFLICT', `debit ${call.debitTransactionId} is already settled`);
  return credited({ transactionId: debit.transactionId, state: 'settled' });
}

export function planRollback(
  player: PlayerRow,
  existing: TransactionRow | undefined,
  debit: TransactionRow | undefined,
  call: RollbackCall,
  requestHash: string,
): WalletPlan {
  if (existing) return replay(existing, requestHash) ?? conflictWithMark(call);
  const applied = (balanceDelta: bigint, extra: Partial<WalletPlan> = {}): WalletPlan => {
    const answer = ok(player, player.balance + balanceDelta, call.transactionId);
    return {
      answer,
      balanceDelta,
      inserts: [row(call, 'rollback', balanceDelta, 'applied', requestHash, answer)],
      ...extra,
    };
  };
  if (!debit) {
    // The debit never arrived (or is still on its way): leave a mark so that it is refused when it does.
    const mark: NewTransaction = {
      ...row(call, 'debit', 0n, 'rolled_back', null, lateDebit(call.debitTransactionId)),
      transactionId: call.debitTransactionId,
      debitTransactionId: null,
    };
    const plan = applied(0n);
    return { ...plan, inserts: [mark, ...plan.inserts] };
  }
  if (debit.call !== 'debit')
    return recordedRefusal(
      call,
      'rollback',
      requestHash,
      'UNKNOWN_TRANSACTION',
      `${debit.transactionId} is not a debit`,
    );
  if (debit.state === 'settled')
    return recordedRefusal(
      call,
      'rollback',
      requestHash,
      'ROLLBACK_NOT_ALLOWED',
      `debit ${debit.transactionId} is already settled`,
    );
  // A refused or already rolled back debit moved no money: the rollback is acknowledged and moves none either.
  if (debit.state !== 'applied') return applied(0n);
  return applied(debit.amount, { debitUpdate: { transactionId: debit.transactionId, state: 'rolled_back' } });
}

function lateDebit(debitTransactionId: string): WalletAnswer {
  return refused('TRANSACTION_ROLLED_BACK', `debit ${debitTransactionId} was rolled back before it arrived`);
}

/** A credit or rollback whose id is the mark a rollback left under a debit id: the platform reused an id. */
function conflictWithMark(call: CreditCall | RollbackCall): WalletPlan {
  return {
    answer: refused('TRANSACTION_CONFLICT', `transaction id ${call.transactionId} is already used`),
    balanceDelta: 0n,
    inserts: [],
  };
}
