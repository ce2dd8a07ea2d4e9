import { OutboxMessage } from './ports';

/**
 * Splits a batch into sends that keep each key's cause before its effect across topics: a key's messages go in
 * order, and where its topic changes (a table's RoundOpened, then the PlaceBet it allowed) the later ones wait for
 * the next send, so the broker has the cause before the effect is sent. Keys do not wait for each other. A message
 * without a topic stays in its key's current send.
 */
export function causalWaves<M extends OutboxMessage>(messages: readonly M[]): M[][] {
  const last = new Map<string, { wave: number; topic: string }>();
  const waves: M[][] = [];
  for (const m of messages) {
    const topic = m.topic ?? '';
    const before = last.get(m.key);
    const wave =
      before === undefined ? 0 : before.topic === topic || topic === '' ? before.wave : before.wave + 1;
    last.set(m.key, { wave, topic: topic || (before?.topic ?? '') });
    (waves[wave] ??= []).push(m);
  }
  return waves;
}
