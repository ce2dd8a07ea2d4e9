import { makeEvent } from '@casino/events';
import { isValidSpin, pocketColour, spin } from '@casino/roulette';
import { announceBettingClosed, emptyBook, publishVoid } from '@casino/table-kit/core';
import { randomUUID } from 'node:crypto';
import { HISTORY_LENGTH, RouletteTableState, Spin } from './roulette-table.state';
import { ledgerTableConfig, TableContext } from './table-context';

const GAME = 'roulette' as const;

/** Opens a betting window, but only on a wheel declared ready. */
export function openRound(state: RouletteTableState, ctx: TableContext): RouletteTableState {
  if (!state.wheel.ready) {
    ctx.fx.broadcast('table:closed', { tableId: state.tableId });
    return { ...state, phase: 'closed', round: null };
  }
  const roundId = randomUUID();
  const closesAt = ctx.now + ctx.config.timers.bettingMs;
  ctx.fx.publish(
    makeEvent('RoundOpened', {
      tableId: state.tableId,
      roundId,
      game: GAME,
      currency: ctx.config.currency,
      table: ledgerTableConfig(ctx.config),
      bettingClosesAt: new Date(closesAt).toISOString(),
    }),
  );
  ctx.fx.broadcast('round:opened', { tableId: state.tableId, roundId, closesAt });
  ctx.fx.schedule('close', ctx.config.timers.bettingMs, { kind: 'timer', timer: 'close' });
  return {
    ...state,
    phase: 'betting',
    round: { roundId, openedAt: ctx.now, closesAt, noSpins: 0, book: emptyBook(roundId) },
  };
}

/** "No more bets"; the automatic wheel launches the ball at once, a studio waits for its dealer. */
export function closeBetting(state: RouletteTableState, ctx: TableContext): RouletteTableState {
  const round = state.round;
  if (state.phase !== 'betting' || !round) return state;
  announceBettingClosed({ tableId: state.tableId, roundId: round.roundId, game: GAME }, ctx.fx);
  const next: RouletteTableState = { ...state, phase: 'spinning' };
  return ctx.config.dealer === 'auto' ? launch(next, ctx) : next;
}

/** The ball is launched: the automatic wheel draws its spin now (CSPRNG) and shows it when the ball stops. */
export function launch(state: RouletteTableState, ctx: TableContext): RouletteTableState {
  const { round } = state;
  if (!round) return state;
  let spinNow: Spin | undefined;
  if (ctx.config.dealer === 'auto') {
    spinNow = spin(ctx.random, {
      minRevolutions: ctx.config.revolutions.min,
      maxRevolutions: ctx.config.revolutions.max,
    });
    ctx.fx.schedule('spin', ctx.config.timers.spinMs, { kind: 'timer', timer: 'spin' });
  }
  ctx.fx.broadcast('round:spinning', { tableId: state.tableId, roundId: round.roundId });
  return { ...state, round: { ...round, launchedAt: round.launchedAt ?? ctx.now, spin: spinNow } };
}

/**
 * The ball stopped. Fewer than three revolutions is a no-spin: repeated with the same bets. Otherwise the
 * pocket is the result, published for settlement; `signature`, the studio's signature of it
 * (docs/kafka-security.md#signed-live-results), goes to the ledger with it.
 */
export function ballStopped(
  state: RouletteTableState,
  ctx: TableContext,
  result: Spin,
  signature?: string,
): RouletteTableState {
  const { round } = state;
  if (!round) return state;
  if (!isValidSpin(result)) {
    ctx.fx.broadcast('round:noSpin', {
      tableId: state.tableId,
      roundId: round.roundId,
      revolutions: result.revolutions,
    });
    const again: RouletteTableState = {
      ...state,
      round: { ...round, spin: undefined, noSpins: round.noSpins + 1 },
    };
    return ctx.config.dealer === 'auto' ? launch(again, ctx) : again;
  }
  const resultEvent = makeEvent('RoundResult', {
    tableId: state.tableId,
    roundId: round.roundId,
    game: GAME,
    result: { game: GAME, pocket: result.pocket, revolutions: result.revolutions },
    ...(signature === undefined ? {} : { attestation: { signature } }),
  });
  ctx.fx.publish(resultEvent);
  const entry = { roundId: round.roundId, pocket: result.pocket, colour: pocketColour(result.pocket) };
  ctx.fx.broadcast('round:result', { tableId: state.tableId, ...entry, revolutions: result.revolutions });
  ctx.fx.schedule('next', ctx.config.timers.resultMs, { kind: 'timer', timer: 'next' });
  return {
    ...state,
    phase: 'result',
    round: { ...round, spin: result, resultEvent },
    history: [...state.history, entry].slice(-HISTORY_LENGTH),
  };
}

export function nextRound(state: RouletteTableState, ctx: TableContext): RouletteTableState {
  if (state.wheel.closeAfterRound) {
    return openRound({ ...state, wheel: { ready: false, closeAfterRound: false } }, ctx);
  }
  return openRound(state, ctx);
}

/** Voids the spin: every stake refunded. */
export function voidRound(
  state: RouletteTableState,
  ctx: TableContext,
  reason: 'malfunction' | 'cancelled' | 'not-started',
  message?: string,
  approvalId?: string,
): RouletteTableState {
  const round = state.round;
  if (!round) return state;
  ctx.fx.cancel('close').cancel('spin');
  const ref = { tableId: state.tableId, roundId: round.roundId, game: GAME };
  const voidEvent = publishVoid(ref, reason, message, ctx.fx, approvalId);
  ctx.fx.schedule('next', ctx.config.timers.resultMs, { kind: 'timer', timer: 'next' });
  return { ...state, phase: 'result', round: { ...round, voidEvent } };
}
