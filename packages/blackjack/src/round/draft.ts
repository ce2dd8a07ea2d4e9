import { Awaiting, RoundState } from '../core/types';

/** A mutable working copy of a round: `step` clones the input state once, edits the copy, returns it. */
export type Draft<T> = T extends bigint | number | string | boolean | null | undefined
  ? T
  : T extends readonly (infer U)[]
    ? Draft<U>[]
    : { -readonly [K in keyof T]: Draft<T[K]> };

export type DraftState = Omit<Draft<RoundState>, 'awaiting'> & { awaiting: Awaiting };
export type DraftSeat = DraftState['seats'][number];
export type DraftHand = DraftSeat['hands'][number];

export function cloneState(state: RoundState): DraftState {
  return {
    rules: state.rules,
    phase: state.phase,
    seats: state.seats.map((seat) => ({
      ...seat,
      insurance: { ...seat.insurance },
      hands: seat.hands.map((hand) => ({ ...hand, cards: [...hand.cards] })),
    })),
    dealer: { ...state.dealer, cards: [...state.dealer.cards] },
    cards: [...state.cards],
    awaiting: state.awaiting,
  };
}
