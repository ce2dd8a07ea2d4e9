import { CardSource } from '@casino/cards';
import { BlackjackError } from './errors';
import { BlackjackRules } from './rules';
import { step } from './round/step';
import { startRound } from './round/start';
import { basicStrategy } from './strategy/basic-strategy';
import { BlackjackEvent, BlackjackInput, RoundState, SeatBet } from './types';

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

/** Basic strategy for every hand; insurance always declined. */
export const basicStrategyDecider: DecideFn = (state) => {
  const awaiting = state.awaiting;
  if (awaiting.kind === 'insurance') return { kind: 'insurance', seat: awaiting.seats[0], take: false };
  if (awaiting.kind !== 'decision') {
    throw new BlackjackError('NO_DECISION_AWAITED', `no player decision awaited (awaiting ${awaiting.kind})`);
  }
  const seat = state.seats.find((s) => s.seat === awaiting.seat);
  const hand = seat?.hands.find((h) => h.id === awaiting.hand);
  if (!hand) throw new Error(`internal: awaited hand ${awaiting.seat}/${awaiting.hand} is missing`);
  const action = basicStrategy(state.rules, hand.cards, state.dealer.cards[0], awaiting.options);
  return { kind: 'action', seat: awaiting.seat, hand: awaiting.hand, action };
};

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
