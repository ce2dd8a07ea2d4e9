import { foldPlaceBets, PlaceBetEvent } from '@casino/events';
import { QueuedStep } from './batch-steps';
import { StepResult, TableEffect } from './table-machine';

/** What marks the steps of one bet slip (the inputs of one `placeBets`): the same object on each. */
export type SlipTag = object;

type Applied<S, I, R> = { step: QueuedStep<S, I, R>; result: StepResult<S, I, R> };

const isPlaceBet = <I>(e: TableEffect<I>): e is { kind: 'publish'; event: PlaceBetEvent } =>
  e.kind === 'publish' && e.event.type === 'PlaceBet';

/**
 * A batch's applied steps with the PlaceBet commands of each bet slip's steps folded into PlaceBets commands (one
 * unless the slip is larger than MAX_SLIP_BETS), published where the slip's first PlaceBet was: the ledger decides
 * the slip's bets in one pass and answers with one BetsDecided. Every other effect stays where it was.
 */
export function foldSlipSteps<S, I, R>(applied: readonly Applied<S, I, R>[]): Applied<S, I, R>[] {
  const bySlip = new Map<SlipTag, PlaceBetEvent[]>();
  for (const { step, result } of applied) {
    if (!step.slip) continue;
    const commands = result.effects.filter(isPlaceBet).map((e) => e.event);
    if (commands.length === 0) continue;
    const list = bySlip.get(step.slip);
    if (list) list.push(...commands);
    else bySlip.set(step.slip, commands);
  }
  if (bySlip.size === 0) return [...applied];
  const placed = new Set<SlipTag>();
  return applied.map(({ step, result }) => {
    const slip = step.slip;
    const commands = slip === undefined ? undefined : bySlip.get(slip);
    if (slip === undefined || !commands) return { step, result };
    const effects: TableEffect<I>[] = [];
    for (const effect of result.effects) {
      if (!isPlaceBet(effect)) effects.push(effect);
      else if (!placed.has(slip)) {
        placed.add(slip);
        for (const event of foldPlaceBets(commands)) effects.push({ kind: 'publish', event });
      }
    }
    return { step, result: { ...result, effects } };
  });
}
