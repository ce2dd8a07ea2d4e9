import { MAX_MINOR_UNITS } from '@casino/events';
import {
  CreditV2Call,
  DebitCall,
  DebitV2Call,
  RollbackCall,
  RollbackV2Call,
} from '@casino/operator-protocol';
import {
  ok,
  planDebit,
  planRollback,
  PlayerRow,
  recordedRefusal,
  refused,
  replay,
  TransactionRow,
  WalletPlan,
} from './wallet-book';

/**
 * The reference wallet's rules for version 2 calls (docs/operator-integration.md#seamless-wallet-versions), on
 * version 1's: a batch debit is one transaction of the sum of its bets, all or nothing (each bet within the
 * player's maximum stake); a batch credit pays bets of one or several debits, each of which must have been
 * applied (a debit may be paid in parts: a refund at once, the rest when the round closes); a batch rollback is
 * v1's rollback of its debit.
 */

/** A v2 debit as the one v1 debit it books (its first bet names it). */
function asDebit(call: DebitV2Call): DebitCall {
  return {
    transactionId: call.transactionId,
    playerId: call.playerId,
    currency: call.currency,
    amount: call.amount,
    game: call.game,
    tableId: call.tableId,
    roundId: call.roundId,
    betId: call.bets[0].betId,
  };
}

export function planDebitV2(
  player: PlayerRow,
  existing: TransactionRow | undefined,
  call: DebitV2Call,
  requestHash: string,
): WalletPlan {
  if (existing) return planDebit(player, existing, asDebit(call), requestHash);
  const over =
    player.maxStake === null ? undefined : call.bets.find((b) => b.amount > (player.maxStake ?? 0n));
  if (over)
    return recordedRefusal(
      asDebit(call),
      'debit',
      requestHash,
      'LIMIT_REACHED',
      `a stake may be at most ${player.maxStake} (bet ${over.betId})`,
    );
  // The maximum is per bet, checked above; the sum is checked against the balance.
  return planDebit({ ...player, maxStake: null }, undefined, asDebit(call), requestHash);
}

export function planCreditV2(
  player: PlayerRow,
  existing: TransactionRow | undefined,
  debits: ReadonlyMap<string, TransactionRow>,
  call: CreditV2Call,
  requestHash: string,
): WalletPlan {
  const first = call.credits[0];
  const booked = {
    transactionId: call.transactionId,
    playerId: call.playerId,
    currency: call.currency,
    amount: call.amount,
    kind: first.kind,
    roundId: call.roundId,
    betId: first.betId,
    ...(first.debitTransactionId === undefined ? {} : { debitTransactionId: first.debitTransactionId }),
  };
  if (existing)
    return (
      replay(existing, requestHash) ?? {
        answer: refused('TRANSACTION_CONFLICT', `transaction id ${call.transactionId} is already used`),
        balanceDelta: 0n,
        inserts: [],
      }
    );
  const refuse = (code: Parameters<typeof recordedRefusal>[3], message: string) =>
    recordedRefusal(booked, 'credit', requestHash, code, message);
  if (call.currency !== player.currency)
    return refuse('CURRENCY_MISMATCH', `the player's wallet is in ${player.currency}`);
  const named = [
    ...new Set(call.credits.flatMap((c) => (c.debitTransactionId ? [c.debitTransactionId] : []))),
  ];
  for (const id of named) {
    const debit = debits.get(id);
    if (!debit || debit.call !== 'debit' || debit.state === 'refused')
      return refuse('UNKNOWN_TRANSACTION', `no confirmed debit ${id}`);
    if (debit.state === 'rolled_back')
      return refuse('TRANSACTION_ROLLED_BACK', `debit ${id} was rolled back`);
  }
  if (player.balance + call.amount > MAX_MINOR_UNITS)
    return refuse('LIMIT_REACHED', 'the balance would exceed 64 bits');
  const answer = ok(player, player.balance + call.amount, call.transactionId);
  return {
    answer,
    balanceDelta: call.amount,
    inserts: [
      {
        transactionId: call.transactionId,
        call: 'credit',
        amount: call.amount,
        debitTransactionId: first.debitTransactionId ?? null,
        roundId: call.roundId,
        betId: first.betId,
        state: 'applied',
        requestHash,
        answer,
      },
    ],
    debitUpdates: named.map((transactionId) => ({ transactionId, state: 'settled' as const })),
  };
}

export function planRollbackV2(
  player: PlayerRow,
  existing: TransactionRow | undefined,
  debit: TransactionRow | undefined,
  call: RollbackV2Call,
  requestHash: string,
): WalletPlan {
  const asRollback: RollbackCall = {
    transactionId: call.transactionId,
    playerId: call.playerId,
    currency: call.currency,
    debitTransactionId: call.debitTransactionId,
    roundId: call.roundId,
    betId: call.betIds[0],
  };
  return planRollback(player, existing, debit, asRollback, requestHash);
}
