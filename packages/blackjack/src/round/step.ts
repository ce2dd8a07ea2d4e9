import { isCard } from '@casino/cards';
import { BlackjackError, BlackjackRejection } from '../core/errors';
import { CARD_POINTS } from '../core/hand-value';
import { BlackjackEvent, BlackjackInput, PlayerAction, RoundState, SeatNumber } from '../core/types';
import { isValidDoubleStake } from './additional-stake';
import { BLACKJACK_ERROR_MESSAGES } from './messages';
import { advance, finishHand } from './advance';
import { DraftSeat, DraftState, cloneState } from './draft';

export interface StepResult {
  state: RoundState;
  events: BlackjackEvent[];
}

export type TryStepResult = ({ ok: true } & StepResult) | { ok: false; rejection: BlackjackRejection };

const CANNOT: Record<PlayerAction, 'CANNOT_HIT' | 'CANNOT_STAND' | 'CANNOT_DOUBLE' | 'CANNOT_SPLIT'> = {
  hit: 'CANNOT_HIT',
  stand: 'CANNOT_STAND',
  double: 'CANNOT_DOUBLE',
  split: 'CANNOT_SPLIT',
};

/**
 * Applies one input and returns the new state with the events it caused; the input state is not changed.
 * Throws BlackjackError with a code for an input the round cannot take now (see `tryStep` for a result value).
 */
export function step(state: RoundState, input: BlackjackInput): StepResult {
  if (state.phase === 'settled')
    throw new BlackjackError('ROUND_SETTLED', BLACKJACK_ERROR_MESSAGES.ROUND_SETTLED);
  const d = cloneState(state);
  const events: BlackjackEvent[] = [];
  switch (input?.kind) {
    case 'card':
      applyCard(d, input.card, events);
      break;
    case 'insurance':
      applyInsurance(d, input.seat, input.take, false, events);
      break;
    case 'action':
      applyAction(d, input, events);
      break;
    case 'timeout':
      applyTimeout(d, events);
      break;
    default:
      throw new BlackjackError(
        'INVALID_INPUT',
        `unknown input ${JSON.stringify((input as { kind?: unknown })?.kind)}`,
      );
  }
  advance(d, events);
  return { state: d, events };
}

/** `step` that returns a rejection instead of throwing. */
export function tryStep(state: RoundState, input: BlackjackInput): TryStepResult {
  try {
    return { ok: true, ...step(state, input) };
  } catch (error) {
    if (error instanceof BlackjackError)
      return { ok: false, rejection: { code: error.code, message: error.message } };
    throw error;
  }
}

function applyCard(d: DraftState, card: unknown, events: BlackjackEvent[]): void {
  if (d.awaiting.kind !== 'card') {
    throw new BlackjackError('UNEXPECTED_CARD', `no card expected now (awaiting ${d.awaiting.kind})`);
  }
  if (!isCard(card)) throw new BlackjackError('INVALID_CARD', `not a card: ${String(card)}`);
  const target = d.awaiting.target;
  d.cards.push(card);
  if (target.kind === 'dealer') {
    d.dealer.cards.push(card);
  } else {
    const hand = seatOf(d, target.seat).hands.find((h) => h.id === target.hand);
    if (!hand) throw new Error(`internal: awaited hand ${target.seat}/${target.hand} is missing`);
    hand.cards.push(card);
    hand.drawPending = false;
  }
  events.push({
    type: 'card-dealt',
    card,
    target,
    faceDown: target.kind === 'dealer' && target.role === 'hole',
  });
}

function seatOf(d: DraftState, seat: SeatNumber): DraftSeat {
  const found = d.seats.find((s) => s.seat === seat);
  if (!found) throw new BlackjackError('UNKNOWN_SEAT', `seat ${String(seat)} has no bet in this round`);
  return found;
}

function applyInsurance(
  d: DraftState,
  seatNumber: SeatNumber,
  take: unknown,
  timedOut: boolean,
  events: BlackjackEvent[],
): void {
  if (d.awaiting.kind !== 'insurance') {
    throw new BlackjackError('NO_INSURANCE_OFFERED', BLACKJACK_ERROR_MESSAGES.NO_INSURANCE_OFFERED);
  }
  if (typeof take !== 'boolean')
    throw new BlackjackError('INVALID_INPUT', 'insurance take must be a boolean');
  const seat = seatOf(d, seatNumber);
  if (seat.insurance.status === 'not-offered') {
    throw new BlackjackError('NO_INSURANCE_OFFERED', `insurance is not offered to seat ${seatNumber}`);
  }
  if (seat.insurance.status !== 'pending') {
    throw new BlackjackError('INSURANCE_ALREADY_DECIDED', `seat ${seatNumber} already decided on insurance`);
  }
  seat.insurance.status = take ? 'taken' : 'declined';
  if (!take) seat.insurance.stake = 0n;
  events.push({
    type: 'insurance-decided',
    seat: seat.seat,
    taken: take,
    stake: seat.insurance.stake,
    timedOut,
  });
}

function applyAction(
  d: DraftState,
  input: Extract<BlackjackInput, { kind: 'action' }>,
  events: BlackjackEvent[],
  timedOut = false,
): void {
  const seat = seatOf(d, input.seat);
  const awaiting = d.awaiting;
  if (awaiting.kind !== 'decision' || awaiting.seat !== input.seat || awaiting.hand !== input.hand) {
    throw new BlackjackError(
      'NOT_YOUR_TURN',
      `no decision is awaited from seat ${input.seat} hand ${input.hand}`,
    );
  }
  if (!(input.action in CANNOT))
    throw new BlackjackError('INVALID_INPUT', `unknown action ${String(input.action)}`);
  if (!awaiting.options.includes(input.action)) {
    throw new BlackjackError(CANNOT[input.action], `${input.action} is not allowed on this hand`);
  }
  if (input.stake !== undefined && input.action !== 'double') {
    throw new BlackjackError('INVALID_STAKE', 'only a double takes a stake');
  }
  const index = seat.hands.findIndex((h) => h.id === input.hand);
  const hand = seat.hands[index];
  events.push({ type: 'action-taken', seat: seat.seat, hand: hand.id, action: input.action, timedOut });
  switch (input.action) {
    case 'hit':
      hand.drawPending = true;
      return;
    case 'stand':
      finishHand(seat, hand, 'stood', events);
      return;
    case 'double': {
      const stake = input.stake ?? hand.stake;
      if (typeof stake !== 'bigint' || !isValidDoubleStake(stake, hand.stake)) {
        throw new BlackjackError('INVALID_STAKE', `a double stake must be 1..${hand.stake} minor units`);
      }
      hand.doubleStake = stake;
      hand.drawPending = true;
      events.push({ type: 'hand-doubled', seat: seat.seat, hand: hand.id, stake });
      return;
    }
    case 'split': {
      const [first, second] = hand.cards;
      const aces = CARD_POINTS[first] === 1;
      const newHand = {
        id: seat.handsCreated,
        cards: [second],
        stake: hand.stake,
        doubleStake: 0n,
        fromSplit: true,
        splitAces: aces,
        drawPending: false,
        finished: false,
      };
      seat.handsCreated++;
      hand.cards = [first];
      hand.fromSplit = true;
      hand.splitAces = aces;
      seat.hands.splice(index + 1, 0, newHand);
      events.push({
        type: 'hand-split',
        seat: seat.seat,
        hand: hand.id,
        newHand: newHand.id,
        stake: newHand.stake,
      });
      return;
    }
  }
}

/** The decision timer ran out: the awaited hand stands; pending insurance decisions are declined. */
function applyTimeout(d: DraftState, events: BlackjackEvent[]): void {
  const awaiting = d.awaiting;
  if (awaiting.kind === 'decision') {
    applyAction(
      d,
      { kind: 'action', seat: awaiting.seat, hand: awaiting.hand, action: 'stand' },
      events,
      true,
    );
  } else if (awaiting.kind === 'insurance') {
    for (const seat of awaiting.seats) applyInsurance(d, seat, false, true, events);
  } else {
    throw new BlackjackError('NO_DECISION_AWAITED', `nothing to time out (awaiting ${awaiting.kind})`);
  }
}
