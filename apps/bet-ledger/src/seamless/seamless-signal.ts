import type { PlaceBetEvent } from '@casino/events';

/**
 * The intake's line to this process's seamless worker. Once a transaction that queued work for an operator has
 * committed, the worker is woken, so the work does not wait for the next poll; and the new bets it had free slots
 * for were recorded already claimed by it and are handed over in memory (no claim statement, no wait for a pump).
 * The poll remains the guarantee: another ledger instance, a restart, a lease that lapsed.
 */
export interface SeamlessReceiver {
  wake(operatorId: string): void;
  /** How many of `wanted` new bets of the operator it takes in memory now; the rest wait to be claimed. */
  room(operatorId: string, wanted: number): number;
  /** How long a handed-over bet's claim lasts (as claimDueBets sets one). */
  readonly leaseMs: number;
  /** The bets `room` made room for, once recorded and committed. */
  take(operatorId: string, bets: readonly PlaceBetEvent[]): void;
}

const receivers = new Set<SeamlessReceiver>();

export function onSeamlessWork(receiver: SeamlessReceiver): () => void {
  receivers.add(receiver);
  return () => receivers.delete(receiver);
}

export function wakeSeamlessWorker(operatorId: string): void {
  for (const r of receivers) r.wake(operatorId);
}

/** The worker new bets are handed to; undefined when none runs in this process. */
export function seamlessReceiver(): SeamlessReceiver | undefined {
  return receivers.values().next().value;
}
