import { withDraftLists } from '../state/draft-lists';
import { StepResult, TableMachine } from './table-machine';

/** An input waiting for its batch's save. */
export interface QueuedStep<S, I, R> {
  input: I;
  after?: (result: StepResult<S, I, R>) => void;
  resolve(reply: R | undefined): void;
  reject(err: Error): void;
  /** A player's input: answered TABLE_PAUSED rather than kept waiting while its save cannot be made. */
  failFast?: boolean;
  /** The bet slip the input belongs to (one object per `placeBets`): its commands travel as PlaceBets. */
  slip?: object;
}

/** A batch applied in memory: the steps' results in order, and the steps that threw. */
export interface SteppedBatch<S, I, R> {
  applied: { step: QueuedStep<S, I, R>; result: StepResult<S, I, R> }[];
  failed: { step: QueuedStep<S, I, R>; err: Error }[];
}

/**
 * Applies a batch's inputs one after the other from `state`, in memory. The lists its steps change are copied once
 * for the batch, not at every step (state/draft-lists.ts); if a step threw, the batch is applied again with every
 * change copied, so nothing the failed step changed is left behind. A step that throws is skipped.
 */
export function stepBatch<S, I, R>(
  machine: TableMachine<S, I, R>,
  state: S,
  batch: readonly QueuedStep<S, I, R>[],
): SteppedBatch<S, I, R> {
  const drafted = withDraftLists(() => stepEach(machine, state, batch));
  return drafted.failed.length === 0 ? drafted : stepEach(machine, state, batch);
}

function stepEach<S, I, R>(
  machine: TableMachine<S, I, R>,
  from: S,
  batch: readonly QueuedStep<S, I, R>[],
): SteppedBatch<S, I, R> {
  const out: SteppedBatch<S, I, R> = { applied: [], failed: [] };
  let state = from;
  for (const step of batch) {
    try {
      const result = machine.step(state, step.input);
      out.applied.push({ step, result });
      state = result.state;
    } catch (err) {
      out.failed.push({ step, err: err as Error });
    }
  }
  return out;
}
