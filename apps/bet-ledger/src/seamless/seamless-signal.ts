/**
 * Wakes the seamless worker of an operator as soon as a transaction that queued work for it has committed, so a
 * bet does not wait for the next poll. The poll remains the guarantee (another ledger instance, a restart).
 */
type Waker = (operatorId: string) => void;

const wakers = new Set<Waker>();

export function onSeamlessWork(waker: Waker): () => void {
  wakers.add(waker);
  return () => wakers.delete(waker);
}

export function wakeSeamlessWorker(operatorId: string): void {
  for (const w of wakers) w(operatorId);
}
