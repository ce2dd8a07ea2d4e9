import { CardSource } from '@casino/cards';
import { BlackjackRules } from '../core/rules';
import { BlackjackEvent, BlackjackInput, RoundState, SeatBet } from '../core/types';
import { step } from './step';
import { startRound } from './start';

/**
 * Chooses the next player input when the round awaits insurance decisions or a hand decision
 * (`state.awaiting.kind` is 'insurance' or 'decision'). Bots, simulations and the auto-decision option.
 */
export type DecideFn = (state: RoundState) => BlackjackInput;

export interface RunResult {
  state: RoundState;
  events: BlackjackEvent[];
}

/** Drives a round to settlement: cards from `source`, player inputs from `decide`. */
export function runWithSource(state: RoundState, source: CardSource, decide: DecideFn): RunResult {
  const events: BlackjackEvent[] = [];
  let current = state;
  while (current.awaiting.kind !== 'settled') {
    const input: BlackjackInput =
      current.awaiting.kind === 'card' ? { kind: 'card', card: source.draw() } : decide(current);
    const result = step(current, input);
    events.push(...result.events);
    current = result.state;
  }
  return { state: current, events };
}

/** Rebuilds a round from its recorded inputs (the ledger's replay); throws on the first refused input. */
export function replayRound(
  rules: BlackjackRules,
  seats: readonly SeatBet[],
  inputs: readonly BlackjackInput[],
): RunResult {
  let state = startRound(rules, seats);
  const events: BlackjackEvent[] = [];
  for (const input of inputs) {
    const result = step(state, input);
    events.push(...result.events);
    state = result.state;
  }
  return { state, events };
}
