import { cardToText } from '@casino/cards';
import { makeEvent } from '@casino/events';
import {
  announceBettingClosed,
  emptyBook,
  finishShoe,
  publishVoid,
  ShoeInPlay,
} from '@casino/table-kit/core';
import { randomUUID } from 'node:crypto';
import {
  cardsOf,
  commitmentOf,
  dealsCards,
  dealRound,
  fairResult,
  newShoe,
  nextFairness,
  resultSummary,
} from './draws';
import { HISTORY_LENGTH, StudioHistoryEntry, StudioRound, StudioTableState } from './studio-table.state';
import { TableContext } from './table-context';

/** A new automatic shoe: CSPRNG shuffle, cut card, commitment published to the players, burn. */
function startShoe(state: StudioTableState, ctx: TableContext): ShoeInPlay {
  const shoe = newShoe(state.game, ctx.random);
  const inPlay: ShoeInPlay = {
    shoeId: randomUUID(),
    shoe,
    commitment: shoe.commitment(),
    roundsDealt: 0,
    lastRound: false,
    endRequested: false,
  };
  ctx.fx.broadcast('shoe:new', {
    tableId: state.tableId,
    shoeId: inPlay.shoeId,
    commitment: inPlay.commitment,
  });
  const burn = shoe.burn();
  ctx.fx.broadcast('shoe:burn', {
    tableId: state.tableId,
    shoeId: inPlay.shoeId,
    shown: cardToText(burn.shown),
    burned: burn.burned.length,
  });
  return inPlay;
}

/**
 * Opens a betting window. A card table deals it from its shoe (a new one first when none is in play); a dice or
 * bead table commits to the round's seeds now, before any bet (the commitment goes with round:opened).
 */
export function openRound(state: StudioTableState, ctx: TableContext): StudioTableState {
  const { tableId, game } = state;
  const roundId = randomUUID();
  const closesAt = ctx.now + ctx.config.timers.bettingMs;
  let shoe = state.shoe;
  let seeds = state.seeds;
  const number = state.roundsOpened + 1;
  const round: StudioRound = {
    roundId,
    number,
    openedAt: ctx.now,
    closesAt,
    redraws: 0,
    book: emptyBook(roundId),
  };
  if (ctx.config.dealer === 'studio') {
    // The dealer's dice, beads or cards are physical: nothing to commit to.
  } else if (dealsCards(game)) {
    shoe = { ...(shoe ?? startShoe(state, ctx)) };
    shoe.roundsDealt += 1;
    shoe.shoe?.startRound(shoe.roundsDealt);
    round.number = shoe.roundsDealt;
  } else {
    round.fair = nextFairness(game, ctx.random, seeds);
    seeds = { clientSeed: round.fair.clientSeed, nonce: round.fair.nonce };
  }
  const shoeRef = shoe?.commitment ? { shoeId: shoe.shoeId, hash: shoe.commitment.hash } : undefined;
  ctx.fx.publish(
    makeEvent('RoundOpened', {
      tableId,
      roundId,
      game,
      currency: ctx.config.currency,
      table: ctx.config.settings,
      shoe: shoeRef,
      bettingClosesAt: new Date(closesAt).toISOString(),
    }),
  );
  ctx.fx.broadcast('round:opened', {
    tableId,
    roundId,
    game,
    closesAt,
    ...(round.fair ? { commitment: commitmentOf(round.fair) } : {}),
    ...(shoe ? { shoeId: shoe.shoeId } : {}),
  });
  ctx.fx.schedule('close', ctx.config.timers.bettingMs, { kind: 'timer', timer: 'close' });
  return { ...state, phase: 'betting', round, shoe, seeds, roundsOpened: number };
}

/**
 * "No more bets": an automatic table draws the result now (dice and beads from the committed seeds, two cards
 * from the shoe) and shows it after `drawMs`; a studio table waits for its dealer's entry.
 */
export function closeBetting(state: StudioTableState, ctx: TableContext): StudioTableState {
  const round = state.round;
  if (state.phase !== 'betting' || !round) return state;
  const ref = { tableId: state.tableId, roundId: round.roundId, game: state.game };
  announceBettingClosed(ref, ctx.fx);
  if (ctx.config.dealer === 'studio') {
    ctx.fx.broadcast('round:drawing', { tableId: state.tableId, roundId: round.roundId });
    return { ...state, phase: 'drawing' };
  }
  let result;
  if (round.fair) result = fairResult(ctx.config.settings, round.fair);
  else if (state.shoe?.shoe) result = dealRound(state.game, state.shoe.shoe);
  else throw new Error(`table ${state.tableId}: no shoe to deal from`);
  ctx.fx.broadcast('round:drawing', { tableId: state.tableId, roundId: round.roundId });
  ctx.fx.schedule('draw', ctx.config.timers.drawMs, { kind: 'timer', timer: 'draw' });
  return { ...state, phase: 'drawing', round: { ...round, result } };
}

/** The drawn result is shown and published for settlement; a dice or bead round reveals its seeds with it. */
export function showResult(state: StudioTableState, ctx: TableContext): StudioTableState {
  const round = state.round;
  if (state.phase !== 'drawing' || !round?.result) return state;
  let shoe = state.shoe;
  if (shoe?.shoe) {
    shoe = { ...shoe };
    shoe.shoe?.endRound();
    shoe.shoe?.discard(cardsOf(round.result));
    if (shoe.shoe?.cutCardReached && !shoe.lastRound) {
      shoe.lastRound = true;
      ctx.fx.broadcast('shoe:lastRound', { tableId: state.tableId, shoeId: shoe.shoeId });
    }
  }
  const resultEvent = makeEvent('RoundResult', {
    tableId: state.tableId,
    roundId: round.roundId,
    game: state.game,
    result: round.result,
    shoe: shoe?.commitment ? { shoeId: shoe.shoeId, hash: shoe.commitment.hash } : undefined,
    // A studio dealer's result carries the studio's signatures (docs/kafka-security.md#signed-live-results).
    ...(round.attestation ? { attestation: round.attestation } : {}),
  });
  ctx.fx.publish(resultEvent);
  // A card table's entry names its shoe: the roads a player and the lobby draw are the current shoe's.
  const entry: StudioHistoryEntry = {
    roundId: round.roundId,
    ...resultSummary(round.result),
    ...(shoe ? { shoeId: shoe.shoeId } : {}),
  };
  const fair = 'fair' in round.result ? round.result.fair : undefined;
  ctx.fx.broadcast('round:result', {
    tableId: state.tableId,
    game: state.game,
    ...entry,
    ...(fair ? { fair } : {}),
  });
  ctx.fx.schedule('next', ctx.config.timers.resultMs, { kind: 'timer', timer: 'next' });
  return {
    ...state,
    phase: 'result',
    shoe,
    round: { ...round, resultEvent },
    history: [...state.history, entry].slice(-HISTORY_LENGTH),
  };
}

/** After the result: the next round, a finished shoe revealed first (ShoeRevealed, which the ledger audits). */
export function nextRound(state: StudioTableState, ctx: TableContext): StudioTableState {
  let next = state;
  if (next.shoe && (next.shoe.lastRound || next.shoe.endRequested))
    next = finishShoe(next, ctx.fx, state.game as 'dragonTiger' | 'footballStudio');
  return openRound({ ...next, round: null }, ctx);
}

/**
 * Voids the round: every stake refunded. Cards already dealt for it are discarded (the shoe goes on); a dice or
 * bead round's seeds are never revealed and the next round commits to new ones.
 */
export function voidRound(
  state: StudioTableState,
  ctx: TableContext,
  reason: 'malfunction' | 'cancelled' | 'not-started',
  message?: string,
  approvalId?: string,
): StudioTableState {
  const round = state.round;
  if (!round) return state;
  ctx.fx.cancel('close').cancel('draw');
  let shoe = state.shoe;
  if (shoe?.shoe) {
    shoe = { ...shoe };
    shoe.shoe?.endRound();
    if (round.result) shoe.shoe?.discard(cardsOf(round.result));
  }
  const ref = { tableId: state.tableId, roundId: round.roundId, game: state.game };
  const voidEvent = publishVoid(ref, reason, message, ctx.fx, approvalId);
  ctx.fx.schedule('next', ctx.config.timers.resultMs, { kind: 'timer', timer: 'next' });
  return { ...state, phase: 'result', shoe, round: { ...round, voidEvent } };
}
