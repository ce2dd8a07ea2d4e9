import {
  insuranceStakeFor,
  SeatNumber,
  SeatState,
  SEAT_COUNT,
  stakesOfSeat,
  validateAdditionalStake,
} from '@casino/blackjack';
import { additionalStakeRejectionCode, BetDecision, betLimitProblem } from '@casino/events';
import {
  bookCommand,
  isLiveBet,
  liveBetsOf,
  placeBetCommand,
  rejection,
  relayDecision,
  PlayerIdentity,
  samePlayer,
} from '@casino/table-kit/core';
import { currencyRejection } from '@casino/table-kit/config';
import { PlayerClaims } from '@casino/events';
import { BlackjackReply, BlackjackTableState, PendingStake } from './blackjack-table.state';
import { applyEngine } from './engine-driver';
import { ownsSeat } from './seat-players';
import { mainLimitFor, TableContext } from './table-context';

type Handled = { state: BlackjackTableState; reply: BlackjackReply };

/** How long a timer waits past its deadline for a stake the ledger has not decided yet. */
export const STAKE_GRACE_MS = 3_000;

/** A main bet takes a seat for the round: seat free (or the player's own), limits, window open. */
export function placeMainBet(
  state: BlackjackTableState,
  ctx: TableContext,
  player: PlayerClaims,
  seat: number,
  stake: bigint,
  roundId: string | undefined,
): Handled {
  const round = state.round;
  if (state.phase !== 'betting' || !round)
    return { state, reply: rejection('BETTING_CLOSED', 'betting is not open') };
  if (roundId !== undefined && roundId !== round.roundId) {
    return { state, reply: rejection('WRONG_ROUND', `round ${roundId} is not the open round`) };
  }
  // The table's own currency or one it lists, each with its own limits (docs/ledger.md#currencies-per-table).
  const refused = currencyRejection(ctx.config, player.currency);
  if (refused) return { state, reply: refused };
  const limits = mainLimitFor(ctx.config, player.currency);
  if (!limits) return { state, reply: rejection('BET_NOT_OFFERED', `no main bet in ${player.currency}`) };
  if (!Number.isInteger(seat) || seat < 1 || seat > SEAT_COUNT) {
    return { state, reply: rejection('INVALID_BET', `seat must be 1..${SEAT_COUNT}`) };
  }
  const holder = round.book.bets.find(
    (b) => isLiveBet(b) && b.bet.game === 'blackjack' && b.bet.seat === seat,
  );
  if (holder && !samePlayer(holder, player)) {
    return { state, reply: rejection('SEAT_TAKEN', `seat ${seat} is taken this round`) };
  }
  if (holder) return { state, reply: rejection('INVALID_BET', `seat ${seat} already holds your bet`) };
  // Up to the VIP ceiling: only the ledger knows who holds a VIP grant (docs/rules/restrictions.md#vip-limits).
  const { mainLimit, vipMain } = limits;
  const ceiling = vipMain !== undefined && vipMain > mainLimit.max ? vipMain : mainLimit.max;
  const limit = betLimitProblem({ main: { min: mainLimit.min, max: ceiling } }, 'main', stake);
  if (limit) return { state, reply: rejection(limit.code, limit.message) };
  const command = placeBetCommand(
    { tableId: state.tableId, roundId: round.roundId, game: 'blackjack' },
    player,
    stake,
    {
      game: 'blackjack',
      seat,
      kind: 'main',
      hand: 0,
    },
  );
  ctx.fx.publish(command);
  return {
    state: {
      ...state,
      round: { ...round, book: bookCommand(round.book, command, undefined, player.nickname) },
    },
    reply: { ok: true, ref: command.id, roundId: round.roundId, status: 'pending' },
  };
}

/** The player's seat in the round in play, with the round and its engine state, or why there is none. */
function ownSeat(state: BlackjackTableState, player: PlayerClaims, seat: number) {
  const round = state.round;
  const engine = round?.engine;
  if (state.phase !== 'dealing' || !round || !engine)
    return rejection('ACTION_NOT_ALLOWED', 'no round in play');
  const held = engine.seats.find((s) => s.seat === seat);
  if (!held) return rejection('ACTION_NOT_ALLOWED', `seat ${seat} is not in this round`);
  if (!ownsSeat(round, seat, player)) return rejection('SEAT_NOT_YOURS', `seat ${seat} is not yours`);
  if (round.pending.some((p) => p.seat === seat)) {
    return rejection('DECISION_PENDING', 'a stake of this seat is still with the ledger');
  }
  return { held, round, engine };
}

/** Hit and stand go straight to the engine; double and split first need their stake accepted by the ledger. */
export function decide(
  state: BlackjackTableState,
  ctx: TableContext,
  player: PlayerClaims,
  seat: number,
  hand: number,
  action: 'hit' | 'stand' | 'double' | 'split',
): Handled {
  const owned = ownSeat(state, player, seat);
  if ('ok' in owned) return { state, reply: owned };
  const { held, engine } = owned;
  const awaiting = engine.awaiting;
  if (awaiting.kind !== 'decision' || awaiting.seat !== seat || awaiting.hand !== hand) {
    return {
      state,
      reply: rejection('NOT_YOUR_TURN', `no decision is awaited from seat ${seat} hand ${hand}`),
    };
  }
  if (!awaiting.options.includes(action))
    return { state, reply: rejection('ACTION_NOT_ALLOWED', `${action} is not offered`) };
  if (action === 'hit' || action === 'stand') {
    const r = applyEngine(state, ctx, { kind: 'action', seat: seat as SeatNumber, hand, action });
    return 'ok' in r ? { state, reply: r } : { state: r.state, reply: { ok: true, done: action } };
  }
  const handState = held.hands.find((h) => h.id === hand);
  if (!handState)
    return { state, reply: rejection('ACTION_NOT_ALLOWED', `seat ${seat} has no hand ${hand}`) };
  // A split stake rides on the hand the split makes; a double on the hand doubled.
  const stakeHand = action === 'split' ? held.handsCreated : hand;
  return sendStake(
    state,
    ctx,
    player,
    held,
    { seat: seat as SeatNumber, hand: stakeHand, actionHand: hand, kind: action },
    handState.stake,
  );
}

/** Taking insurance costs half the main stake, through the ledger; declining goes straight to the engine. */
export function insurance(
  state: BlackjackTableState,
  ctx: TableContext,
  player: PlayerClaims,
  seat: number,
  take: boolean,
): Handled {
  const owned = ownSeat(state, player, seat);
  if ('ok' in owned) return { state, reply: owned };
  const { held, engine } = owned;
  const awaiting = engine.awaiting;
  if (awaiting.kind !== 'insurance' || !awaiting.seats.includes(seat as SeatNumber)) {
    return { state, reply: rejection('ACTION_NOT_ALLOWED', `insurance is not offered to seat ${seat}`) };
  }
  if (!take) {
    const r = applyEngine(state, ctx, { kind: 'insurance', seat: seat as SeatNumber, take: false });
    return 'ok' in r ? { state, reply: r } : { state: r.state, reply: { ok: true, done: 'declined' } };
  }
  return sendStake(
    state,
    ctx,
    player,
    held,
    { seat: seat as SeatNumber, hand: 0, actionHand: 0, kind: 'insurance' },
    insuranceStakeFor(held.stake),
  );
}

/** The ledger decides the stake with the same engine rule; checking first spares the player a round trip. */
function sendStake(
  state: BlackjackTableState,
  ctx: TableContext,
  player: PlayerClaims,
  held: SeatState,
  stake: Omit<PendingStake, 'commandId'>,
  amount: bigint,
): Handled {
  const problem = validateAdditionalStake(
    ctx.config.rules,
    { seat: stake.seat, kind: stake.kind, hand: stake.hand, stake: amount },
    stakesOfSeat(held),
  );
  if (problem)
    return { state, reply: rejection(additionalStakeRejectionCode(problem.code), problem.message) };
  const round = state.round;
  if (!round) return { state, reply: rejection('ACTION_NOT_ALLOWED', 'no round in play') };
  const command = placeBetCommand(
    { tableId: state.tableId, roundId: round.roundId, game: 'blackjack' },
    player,
    amount,
    {
      game: 'blackjack',
      seat: stake.seat,
      kind: stake.kind,
      hand: stake.hand,
    },
  );
  ctx.fx.publish(command);
  return {
    state: {
      ...state,
      round: {
        ...round,
        book: bookCommand(round.book, command),
        pending: [...round.pending, { ...stake, commandId: command.id }],
      },
    },
    reply: { ok: true, ref: command.id, roundId: round.roundId, status: 'pending' },
  };
}

/**
 * The ledger decided a bet: relay it to the player; for a mid-round stake, an acceptance applies the action
 * (double, split, insurance taken) and a rejection leaves the decision open (the player is told why).
 */
export function ledgerDecision(
  state: BlackjackTableState,
  ctx: TableContext,
  decision: BetDecision,
): BlackjackTableState {
  const round = state.round;
  if (!round) return state;
  const relayed = relayDecision(round.book, decision, state.phase === 'betting', ctx.fx);
  const pending = round.pending.find((p) => p.commandId === decision.commandId);
  let next: BlackjackTableState = { ...state, round: { ...round, book: relayed.book } };
  if (!pending || !relayed.decided) return next;
  next = {
    ...next,
    round: { ...round, book: relayed.book, pending: round.pending.filter((p) => p !== pending) },
  };
  if (relayed.decided.status !== 'accepted') return next;
  const input =
    pending.kind === 'insurance'
      ? ({ kind: 'insurance', seat: pending.seat, take: true } as const)
      : pending.kind === 'double'
        ? ({
            kind: 'action',
            seat: pending.seat,
            hand: pending.actionHand,
            action: 'double',
            stake: decision.stake,
          } as const)
        : ({ kind: 'action', seat: pending.seat, hand: pending.actionHand, action: 'split' } as const);
  const r = applyEngine(next, ctx, input);
  // The moment passed (timer ran out first): the stake was never used; the ledger refunds unused stakes.
  return 'ok' in r ? next : r.state;
}

/**
 * The decision or insurance timer ended: undecided hands stand, undecided insurance is declined. A stake still
 * with the ledger gets a short grace so a player who pressed in time is not overruled by latency.
 */
export function decisionTimer(state: BlackjackTableState, ctx: TableContext): BlackjackTableState {
  const round = state.round;
  if (state.phase !== 'dealing' || !round?.engine) return state;
  const awaiting = round.engine.awaiting;
  if (awaiting.kind !== 'decision' && awaiting.kind !== 'insurance') return state;
  if (round.pending.length > 0) {
    const graceUntil = round.graceUntil ?? ctx.now + STAKE_GRACE_MS;
    if (ctx.now < graceUntil) {
      ctx.fx.schedule('decision', 200, { kind: 'timer', timer: 'decision' });
      return { ...state, round: { ...round, graceUntil } };
    }
  }
  const r = applyEngine({ ...state, round: { ...round, pending: [] } }, ctx, { kind: 'timeout' });
  return 'ok' in r ? state : r.state;
}

/** A player's own bets of the round, for the snapshot. */
export function myBets(state: BlackjackTableState, player: PlayerIdentity) {
  return state.round ? liveBetsOf(state.round.book, player) : [];
}
