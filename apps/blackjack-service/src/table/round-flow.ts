import { SeatNumber, startRound } from '@casino/blackjack';
import { BetsFinalizedEvent, makeEvent } from '@casino/events';
import {
  announceBettingClosed,
  emptyBook,
  finishShoe,
  playerLabel,
  publishVoid,
  samePlayer,
  VoidReason,
} from '@casino/table-kit/core';
import { randomUUID } from 'node:crypto';
import { BlackjackRound, BlackjackTableState } from './blackjack-table.state';
import { drive } from './engine-driver';
import { startShoe } from './shoe-flow';
import { ledgerTableConfig, TableContext } from './table-context';
import { pickUpOrder } from './pick-up';

const GAME = 'blackjack' as const;

export function openRound(state: BlackjackTableState, ctx: TableContext): BlackjackTableState {
  let next = state;
  if (!next.shoe) {
    if (ctx.config.dealer === 'studio') return { ...next, phase: 'waiting-shoe', round: null };
    next = startShoe(next, ctx);
  }
  if (!next.shoe) throw new Error(`table ${state.tableId}: a new shoe did not start`);
  const shoe = { ...next.shoe, roundsDealt: next.shoe.roundsDealt + 1 };
  shoe.shoe?.startRound(shoe.roundsDealt);
  const roundId = randomUUID();
  const closesAt = ctx.now + ctx.config.timers.bettingMs;
  const round: BlackjackRound = {
    roundId,
    number: shoe.roundsDealt,
    openedAt: ctx.now,
    closesAt,
    book: emptyBook(roundId),
    finalParts: null,
    seats: [],
    engine: null,
    inputs: [],
    pending: [],
  };
  ctx.fx.publish(
    makeEvent('RoundOpened', {
      tableId: next.tableId,
      roundId,
      game: GAME,
      currency: ctx.config.currency,
      table: ledgerTableConfig(ctx.config),
      shoe: shoe.commitment ? { shoeId: shoe.shoeId, hash: shoe.commitment.hash } : undefined,
      bettingClosesAt: new Date(closesAt).toISOString(),
    }),
  );
  ctx.fx.broadcast('round:opened', {
    tableId: next.tableId,
    roundId,
    number: round.number,
    closesAt,
    shoeId: shoe.shoeId,
  });
  ctx.fx.schedule('close', ctx.config.timers.bettingMs, { kind: 'timer', timer: 'close' });
  return { ...next, phase: 'betting', shoe, round };
}

/** "No more bets": the ledger closes the round and answers with its final accepted bets. */
export function closeBetting(state: BlackjackTableState, ctx: TableContext): BlackjackTableState {
  const round = state.round;
  if (state.phase !== 'betting' || !round) return state;
  announceBettingClosed({ tableId: state.tableId, roundId: round.roundId, game: GAME }, ctx.fx);
  // Nobody bet: there is nothing to finalize or deal (only this instance places bets on its tables).
  if (round.book.bets.length === 0) return voidRound(state, ctx, 'cancelled', 'no bets');
  ctx.fx.schedule('finalBets', ctx.config.timers.finalBetsMs, { kind: 'timer', timer: 'finalBets' });
  return { ...state, phase: 'awaiting-bets' };
}

/** Collects the parts of the ledger's final bets; when complete, the seats with an accepted main bet are dealt. */
export function finalBets(
  state: BlackjackTableState,
  ctx: TableContext,
  event: BetsFinalizedEvent,
): BlackjackTableState {
  const round = state.round;
  if (state.phase !== 'awaiting-bets' || !round || event.roundId !== round.roundId) return state;
  const parts = round.finalParts ?? { count: event.part.count, indexes: [], bets: [] };
  if (parts.indexes.includes(event.part.index)) return state;
  const collected = {
    count: parts.count,
    indexes: [...parts.indexes, event.part.index],
    bets: [...parts.bets, ...event.bets],
  };
  const next: BlackjackTableState = { ...state, round: { ...round, finalParts: collected } };
  if (collected.indexes.length < collected.count) return next;
  ctx.fx.cancel('finalBets');
  const mains = collected.bets.filter((b) => b.bet.game === 'blackjack' && b.bet.kind === 'main');
  if (mains.length === 0) return voidRound(next, ctx, 'cancelled', 'no accepted bets');
  const seats = mains
    .map((b) => ({
      seat: (b.bet.game === 'blackjack' ? b.bet.seat : 1) as SeatNumber,
      playerId: b.playerId,
      operatorId: b.operatorId,
      nickname: round.book.bets.find((k) => samePlayer(k, b) && k.nickname !== undefined)?.nickname,
      stake: b.stake,
    }))
    .sort((a, b) => a.seat - b.seat);
  const engine = startRound(ctx.config.rules, seats);
  ctx.fx.broadcast('bj:dealing', {
    tableId: state.tableId,
    roundId: round.roundId,
    seats: seats.map((s) => ({ seat: s.seat, name: playerLabel(state.tableId, s), stake: s.stake })),
  });
  return drive(
    {
      ...next,
      phase: 'dealing',
      round: {
        ...round,
        finalParts: collected,
        engine,
        seats: seats.map(({ seat, playerId, operatorId, nickname }) => ({
          seat,
          playerId,
          operatorId,
          nickname,
        })),
      },
    },
    ctx,
  );
}

/** The round is void (malfunction, misdeal, not started, no bets): every stake refunded. */
export function voidRound(
  state: BlackjackTableState,
  ctx: TableContext,
  reason: VoidReason,
  message?: string,
  approvalId?: string,
): BlackjackTableState {
  const round = state.round;
  if (!round) return state;
  for (const timer of ['close', 'finalBets', 'card', 'decision']) ctx.fx.cancel(timer);
  const shoe = state.shoe?.shoe;
  if (shoe) {
    shoe.endRound();
    // Cards dealt so far are picked up as after any round (pick-up.ts); before the deal there are none.
    shoe.discard(round.engine ? pickUpOrder(round.engine) : []);
  }
  const ref = { tableId: state.tableId, roundId: round.roundId, game: GAME };
  const voidEvent = publishVoid(ref, reason, message, ctx.fx, approvalId);
  ctx.fx.schedule('next', ctx.config.timers.resultMs, { kind: 'timer', timer: 'next' });
  return { ...state, phase: 'result', round: { ...round, voidEvent, pending: [], deadline: undefined } };
}

export function nextRound(state: BlackjackTableState, ctx: TableContext): BlackjackTableState {
  let next = state;
  if (next.shoe && (next.shoe.lastRound || next.shoe.endRequested)) next = finishShoe(next, ctx.fx, GAME);
  return openRound({ ...next, round: null }, ctx);
}
