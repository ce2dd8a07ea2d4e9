import { BetRejectionCode, PlaceBetEvent } from '@casino/events';
import { WalletRefusalCode } from '@casino/operator-protocol';
import { randomInt } from 'node:crypto';

/** The bet rejection code of an operator's refusal of a debit: the player's reason where it is one of theirs. */
export function rejectionOfRefusal(code: WalletRefusalCode): BetRejectionCode {
  switch (code) {
    case 'INSUFFICIENT_FUNDS':
      return 'WALLET_INSUFFICIENT_FUNDS';
    case 'LIMIT_REACHED':
      return 'WALLET_LIMIT_REACHED';
    default:
      return 'WALLET_REFUSED';
  }
}

export interface RetrySchedule {
  /** The pause after the first failed attempt. */
  firstMs: number;
  /** The longest pause between two attempts. */
  maxMs: number;
}

/**
 * The pause before attempt `attempts + 1` of a call that failed `attempts` times: doubled each time, capped, with
 * up to 10% jitter so an operator coming back is not hit by every pending call at once.
 */
export function retryDelayMs(
  schedule: RetrySchedule,
  attempts: number,
  random = () => randomInt(1_000) / 1_000,
): number {
  const base = Math.min(schedule.maxMs, schedule.firstMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30));
  return Math.round(base * (1 + 0.1 * random()));
}

/**
 * What the decision will say about a bet's round whatever happens before it, read before the stake is debited so
 * that a bet the platform must refuse costs the operator no debit and refund: an unknown round (the player's table
 * retries such a bet), or one past the bet's window. Rounds only move forward (open, closed, then settled, voided
 * or disputed), so such an answer cannot change. Anything else goes on to the debit and the full decision.
 */
export function roundRefusal(
  cmd: PlaceBetEvent,
  status: string | undefined,
): { code: BetRejectionCode; message: string } | undefined {
  if (status === undefined)
    return {
      code: 'ROUND_UNKNOWN',
      message: `round ${cmd.tableId}/${cmd.roundId} is not open at the ledger`,
    };
  const additional = cmd.bet.game === 'blackjack' && cmd.bet.kind !== 'main';
  if (additional && status !== 'open' && status !== 'closed')
    return { code: 'ROUND_NOT_IN_PLAY', message: `round ${cmd.roundId} is ${status}` };
  if (!additional && status !== 'open')
    return { code: 'LATE_BET', message: `betting on round ${cmd.roundId} is closed` };
  return undefined;
}
