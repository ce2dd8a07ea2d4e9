import {
  BlackjackEvent,
  BlackjackInput,
  handValue,
  RoundState,
  settleRound,
  tryStep,
} from '@casino/blackjack';
import { Card, cardToText } from '@casino/cards';
import { BlackjackInput as LoggedInput, makeEvent } from '@casino/events';
import { cardAttestation, Rejection, rejection } from '@casino/table-kit/core';
import { BlackjackTableState, HISTORY_LENGTH } from './blackjack-table.state';
import { seatName } from './seat-players';
import { TableContext } from './table-context';
import { pickUpOrder } from './pick-up';

/** Feeds one input to the engine; on success it is logged, shown to the table, and the round moves on. */
export function applyEngine(
  state: BlackjackTableState,
  ctx: TableContext,
  input: BlackjackInput,
): { state: BlackjackTableState } | Rejection {
  const round = state.round;
  if (state.phase !== 'dealing' || !round?.engine) return rejection('ACTION_NOT_ALLOWED', 'no round in play');
  const result = tryStep(round.engine, input);
  if (!result.ok) {
    const code = result.rejection.code === 'NOT_YOUR_TURN' ? 'NOT_YOUR_TURN' : 'ACTION_NOT_ALLOWED';
    return rejection(code, `${result.rejection.code}: ${result.rejection.message}`);
  }
  for (const event of result.events) broadcastEngineEvent(state.tableId, round.roundId, event, ctx);
  const logged = toLogged(input);
  const next: BlackjackTableState = {
    ...state,
    round: {
      ...round,
      engine: result.state,
      inputs: [...round.inputs, logged],
      deadline: undefined,
      graceUntil: undefined,
    },
  };
  return { state: drive(next, ctx) };
}

/**
 * Sets up what the round waits for: the automatic dealer's next card, a studio card, the insurance window, a
 * hand's decision timer; or, once settled, publishes the result with the full input log.
 */
export function drive(state: BlackjackTableState, ctx: TableContext): BlackjackTableState {
  const round = state.round;
  const engine = round?.engine;
  if (!round || !engine) return state;
  const awaiting = engine.awaiting;
  const { timers } = ctx.config;
  switch (awaiting.kind) {
    case 'card':
      if (ctx.config.dealer === 'auto')
        ctx.fx.schedule('card', timers.cardMs, { kind: 'timer', timer: 'card' });
      else
        ctx.fx.broadcast('bj:cardDue', {
          tableId: state.tableId,
          roundId: round.roundId,
          target: awaiting.target,
        });
      return state;
    case 'insurance': {
      const deadline = ctx.now + timers.insuranceMs;
      ctx.fx.schedule('decision', timers.insuranceMs, { kind: 'timer', timer: 'decision' });
      const seats = engine.seats
        .filter((s) => awaiting.seats.includes(s.seat))
        .map((s) => ({
          seat: s.seat,
          name: seatName(state.tableId, round, s.seat),
          stake: s.insurance.stake,
        }));
      ctx.fx.broadcast('bj:insurance', { tableId: state.tableId, roundId: round.roundId, seats, deadline });
      return { ...state, round: { ...round, deadline } };
    }
    case 'decision': {
      const deadline = ctx.now + timers.decisionMs;
      ctx.fx.schedule('decision', timers.decisionMs, { kind: 'timer', timer: 'decision' });
      ctx.fx.broadcast('bj:turn', {
        tableId: state.tableId,
        roundId: round.roundId,
        seat: awaiting.seat,
        hand: awaiting.hand,
        options: awaiting.options,
        name: seatName(state.tableId, round, awaiting.seat),
        deadline,
      });
      return { ...state, round: { ...round, deadline } };
    }
    case 'settled':
      return finishRound(state, ctx, engine);
  }
}

function finishRound(state: BlackjackTableState, ctx: TableContext, engine: RoundState): BlackjackTableState {
  const round = state.round;
  if (!round) return state;
  ctx.fx.cancel('decision').cancel('card');
  const inPlay = state.shoe ? { ...state.shoe } : null;
  if (inPlay?.shoe) {
    inPlay.shoe.endRound();
    inPlay.shoe.discard(pickUpOrder(engine));
    if (inPlay.shoe.cutCardReached && !inPlay.lastRound) {
      inPlay.lastRound = true;
      ctx.fx.broadcast('shoe:lastRound', { tableId: state.tableId, shoeId: inPlay.shoeId });
    }
  }
  const resultEvent = makeEvent('RoundResult', {
    tableId: state.tableId,
    roundId: round.roundId,
    game: 'blackjack',
    result: {
      game: 'blackjack',
      seats: round.seats.map(({ seat, playerId }) => ({ seat, playerId })),
      inputs: round.inputs,
    },
    ...cardAttestation(round.cardSignatures, round.inputs.filter((i) => i.kind === 'card').length),
    shoe: inPlay?.commitment ? { shoeId: inPlay.shoeId, hash: inPlay.commitment.hash } : undefined,
  });
  ctx.fx.publish(resultEvent);
  const entry = {
    roundId: round.roundId,
    dealer: { cards: engine.dealer.cards.map(cardToText), total: handValue(engine.dealer.cards).total },
    seats: settleRound(engine).map((s) => ({
      seat: s.seat,
      name: seatName(state.tableId, round, s.seat),
      totals: s.hands.map((h) => h.total),
      returned: s.totalReturned,
      staked: s.totalStaked,
    })),
  };
  ctx.fx.broadcast('bj:result', { tableId: state.tableId, ...entry, lastRound: inPlay?.lastRound ?? false });
  ctx.fx.schedule('next', ctx.config.timers.resultMs, { kind: 'timer', timer: 'next' });
  return {
    ...state,
    phase: 'result',
    shoe: inPlay,
    round: { ...round, resultEvent, deadline: undefined },
    history: [...state.history, entry].slice(-HISTORY_LENGTH),
  };
}

function toLogged(input: BlackjackInput): LoggedInput {
  switch (input.kind) {
    case 'card':
      return { kind: 'card', card: cardToText(input.card) };
    case 'insurance':
      return { kind: 'insurance', seat: input.seat, take: input.take };
    case 'action':
      return input.stake === undefined
        ? { kind: 'action', seat: input.seat, hand: input.hand, action: input.action }
        : { kind: 'action', seat: input.seat, hand: input.hand, action: input.action, stake: input.stake };
    case 'timeout':
      return { kind: 'timeout' };
  }
}

const text = (card: Card): string => cardToText(card);

/** Engine events as table messages `bj:<type>`; the face-down hole card is never sent. */
function broadcastEngineEvent(
  tableId: string,
  roundId: string,
  event: BlackjackEvent,
  ctx: TableContext,
): void {
  const base = { tableId, roundId };
  switch (event.type) {
    case 'card-dealt':
      ctx.fx.broadcast('bj:card', {
        ...base,
        target: event.target,
        faceDown: event.faceDown,
        card: event.faceDown ? null : text(event.card),
      });
      return;
    case 'hole-card-revealed':
      ctx.fx.broadcast('bj:holeCard', { ...base, card: text(event.card) });
      return;
    case 'round-settled':
      return;
    case 'insurance-offered':
    case 'decision-offered':
      return; // drive() announces these with their deadline
    default:
      ctx.fx.broadcast(`bj:${event.type}`, { ...base, ...event });
  }
}
