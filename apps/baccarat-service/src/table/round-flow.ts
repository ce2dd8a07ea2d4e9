import { nextCardFor, outcomeFromCards } from '@casino/baccarat';
import { Card, cardToText } from '@casino/cards';
import { makeEvent } from '@casino/events';
import {
  announceBettingClosed,
  cardAttestation,
  emptyBook,
  finishShoe,
  publishVoid,
  showVoid,
  VoidReason,
  withCardSignature,
} from '@casino/table-kit/core';
import { randomUUID } from 'node:crypto';
import { ledgerTableConfig } from '../bets/ledger-table-config';
import { BaccaratTableState, HISTORY_LENGTH, LiveRound } from './baccarat-table.state';
import { startShoe } from './shoe-flow';
import { TableContext } from './table-context';

const GAME = 'baccarat' as const;

/** Opens the next round: a betting window (RoundOpened), or straight to dealing for a no-bet round. */
export function openRound(state: BaccaratTableState, ctx: TableContext): BaccaratTableState {
  let next = state;
  if (!next.shoe) {
    if (ctx.config.dealer === 'studio') return { ...next, phase: 'waiting-shoe', round: null };
    next = startShoe(next, ctx);
  }
  if (!next.shoe) throw new Error(`table ${state.tableId}: a new shoe did not start`);
  const inPlay = { ...next.shoe };
  const number = inPlay.roundsDealt + 1;
  const noBet = next.noBetNext || inPlay.noBetRoundsLeft > 0;
  inPlay.roundsDealt = number;
  if (inPlay.noBetRoundsLeft > 0) inPlay.noBetRoundsLeft -= 1;
  inPlay.shoe?.startRound(number);
  const roundId = randomUUID();
  const round: LiveRound = { roundId, number, noBet, openedAt: ctx.now, cards: [], book: emptyBook(roundId) };
  const { tableId } = next;
  // Cards exposed before this round was dealt are its first cards: players see them before betting.
  const exposedCards = next.exposed?.length ? { exposedCards: next.exposed.map(cardToText) } : {};
  if (noBet) {
    ctx.fx.broadcast('round:opened', {
      tableId,
      roundId,
      number,
      noBet: true,
      shoeId: inPlay.shoeId,
      ...exposedCards,
    });
    return beginDealing({ ...next, shoe: inPlay, round, noBetNext: false }, ctx);
  }
  round.closesAt = ctx.now + ctx.config.timers.bettingMs;
  ctx.fx.publish(
    makeEvent('RoundOpened', {
      tableId,
      roundId,
      game: GAME,
      currency: ctx.config.currency,
      table: ledgerTableConfig(ctx.config, number),
      shoe: inPlay.commitment ? { shoeId: inPlay.shoeId, hash: inPlay.commitment.hash } : undefined,
      bettingClosesAt: new Date(round.closesAt).toISOString(),
    }),
  );
  ctx.fx.broadcast('round:opened', {
    tableId,
    roundId,
    number,
    noBet: false,
    closesAt: round.closesAt,
    shoeId: inPlay.shoeId,
    ...exposedCards,
  });
  ctx.fx.schedule('close', ctx.config.timers.bettingMs, { kind: 'timer', timer: 'close' });
  return { ...next, phase: 'betting', shoe: inPlay, round, noBetNext: false };
}

/** "No more bets": the ledger closes the round, then the dealing starts. */
export function closeBetting(state: BaccaratTableState, ctx: TableContext): BaccaratTableState {
  const round = state.round;
  if (state.phase !== 'betting' || !round) return state;
  announceBettingClosed({ tableId: state.tableId, roundId: round.roundId, game: GAME }, ctx.fx);
  return beginDealing(state, ctx);
}

/**
 * Betting closes before its time (a card exposed while it was open, docs/rules/baccarat.md#exposed-cards): the
 * ledger is told "no more bets" first, then `beforeDeal` runs (the card is shown), then the deal starts.
 */
export function closeBettingNow(
  state: BaccaratTableState,
  ctx: TableContext,
  beforeDeal: () => void,
): BaccaratTableState {
  const round = state.round;
  if (state.phase !== 'betting' || !round) return state;
  ctx.fx.cancel('close');
  announceBettingClosed({ tableId: state.tableId, roundId: round.roundId, game: GAME }, ctx.fx);
  beforeDeal();
  return beginDealing(state, ctx);
}

/**
 * The deal starts. Cards exposed out of order before it (rules: exposed cards) are this round's first cards:
 * they are dealt at once, in their order, then the shoe or the scanner continues.
 */
function beginDealing(state: BaccaratTableState, ctx: TableContext): BaccaratTableState {
  const { exposed = [], ...rest } = state;
  let next: BaccaratTableState = { ...rest, phase: 'dealing' };
  if (exposed.length === 0) {
    if (ctx.config.dealer === 'auto')
      ctx.fx.schedule('card', ctx.config.timers.cardMs, { kind: 'timer', timer: 'card' });
    return next;
  }
  // placeExposedCard never carries more cards than one round takes, so the round is still dealing for each.
  for (const card of exposed) if (next.phase === 'dealing') next = addCard(next, ctx, card, true);
  return next;
}

/** The automatic dealer draws the next card from the shoe. */
export function drawCard(state: BaccaratTableState, ctx: TableContext): BaccaratTableState {
  const shoe = state.shoe?.shoe;
  if (state.phase !== 'dealing' || !shoe) return state;
  let card: Card;
  try {
    card = shoe.draw();
  } catch (err) {
    // The shoe cannot give the round its card (docs/rules/baccarat.md#incidents): the round is void and the shoe
    // is finished, so the next round is dealt from a new shoe rather than voided on the same fault again.
    const voided = voidRound(state, ctx, 'malfunction', `shoe fault: ${(err as Error).message}`);
    return voided.shoe ? { ...voided, shoe: { ...voided.shoe, endRequested: true } } : voided;
  }
  return addCard(state, ctx, card);
}

/**
 * A card enters the round (drawn, scanned in the studio, or `exposed` out of order and dealt in its place),
 * is shown, and the round completes when due. `signature`: the studio's signature of a scanned card, passed on
 * with the result (docs/kafka-security.md#signed-live-results).
 */
export function addCard(
  state: BaccaratTableState,
  ctx: TableContext,
  card: Card,
  exposed = false,
  signature?: string,
): BaccaratTableState {
  const round = state.round;
  if (!round) return state;
  const target = nextCardFor(round.cards);
  const cards = [...round.cards, card];
  const index = cards.length - 1;
  const nextRound: LiveRound = { ...round, cards, startedAt: round.startedAt ?? ctx.now };
  if (exposed) nextRound.exposed = [...(round.exposed ?? []), index];
  if (signature !== undefined || round.cardSignatures)
    nextRound.cardSignatures = withCardSignature(round.cardSignatures, index, signature);
  ctx.fx.broadcast('round:card', {
    tableId: state.tableId,
    roundId: round.roundId,
    index,
    card: cardToText(card),
    target,
    ...(exposed ? { exposed: true } : {}),
  });
  const next = { ...state, round: nextRound };
  if (nextCardFor(cards) === 'none') return completeRound(next, ctx);
  if (ctx.config.dealer === 'auto')
    ctx.fx.schedule('card', ctx.config.timers.cardMs, { kind: 'timer', timer: 'card' });
  return next;
}

function completeRound(state: BaccaratTableState, ctx: TableContext): BaccaratTableState {
  const { round, shoe } = state;
  if (!round || !shoe) return state;
  const outcome = outcomeFromCards(round.cards);
  const inPlay = { ...shoe };
  if (inPlay.shoe) {
    inPlay.shoe.endRound();
    inPlay.shoe.discard(round.cards);
    if (inPlay.shoe.cutCardReached && !inPlay.lastRound) {
      inPlay.lastRound = true;
      ctx.fx.broadcast('shoe:lastRound', { tableId: state.tableId, shoeId: inPlay.shoeId });
    }
  }
  const cards = round.cards.map(cardToText);
  let resultEvent = round.resultEvent;
  if (!round.noBet) {
    resultEvent = makeEvent('RoundResult', {
      tableId: state.tableId,
      roundId: round.roundId,
      game: GAME,
      result: { game: GAME, cards },
      ...cardAttestation(round.cardSignatures, cards.length),
      shoe: inPlay.commitment ? { shoeId: inPlay.shoeId, hash: inPlay.commitment.hash } : undefined,
    });
    ctx.fx.publish(resultEvent);
  }
  const summary = {
    roundId: round.roundId,
    winner: outcome.winner,
    playerTotal: outcome.playerTotal,
    bankerTotal: outcome.bankerTotal,
    cards,
    playerPair: outcome.playerPair,
    bankerPair: outcome.bankerPair,
  };
  ctx.fx.broadcast('round:result', {
    tableId: state.tableId,
    ...summary,
    playerCards: outcome.playerCards.map(cardToText),
    bankerCards: outcome.bankerCards.map(cardToText),
    playerNatural: outcome.playerNatural,
    bankerNatural: outcome.bankerNatural,
    luckySix: outcome.luckySix,
    noBet: round.noBet,
    lastRound: inPlay.lastRound,
    ...(round.exposed?.length ? { exposed: round.exposed } : {}),
  });
  ctx.fx.schedule('next', ctx.config.timers.resultMs, { kind: 'timer', timer: 'next' });
  return {
    ...state,
    phase: 'result',
    shoe: inPlay,
    round: { ...round, resultEvent },
    history: [...state.history, summary].slice(-HISTORY_LENGTH),
  };
}

/** After the result: the next round, or first a new shoe when this one is finished. */
export function nextRound(state: BaccaratTableState, ctx: TableContext): BaccaratTableState {
  let next = state;
  if (next.shoe && (next.shoe.lastRound || next.shoe.endRequested)) {
    next = dropExposedCards(next, ctx);
    next = finishShoe(next, ctx.fx, GAME);
  }
  return openRound({ ...next, round: null }, ctx);
}

/**
 * The shoe ends (its cut card came out) with cards exposed for a next round that this shoe will not deal: no
 * round of it follows, so they stay with the finished shoe and the players are told.
 */
function dropExposedCards(state: BaccaratTableState, ctx: TableContext): BaccaratTableState {
  const { exposed = [], ...rest } = state;
  if (exposed.length === 0) return state;
  ctx.fx.broadcast('table:exposedCardsUnused', {
    tableId: state.tableId,
    shoeId: state.shoe?.shoeId,
    cards: exposed.map(cardToText),
    reason: 'the shoe ended before the round these cards belong to',
  });
  return rest;
}

/**
 * Voids the round (misdeal, malfunction, or a round that had not started when the service stopped): the ledger
 * refunds every stake. Cards already dealt go to the discard rack.
 */
export function voidRound(
  state: BaccaratTableState,
  ctx: TableContext,
  reason: VoidReason,
  message?: string,
  approvalId?: string,
): BaccaratTableState {
  const round = state.round;
  if (!round) return state;
  ctx.fx.cancel('close').cancel('card');
  const shoe = state.shoe?.shoe;
  if (shoe) {
    shoe.endRound();
    shoe.discard(round.cards);
  }
  const ref = { tableId: state.tableId, roundId: round.roundId, game: GAME };
  let voidEvent = round.voidEvent;
  // A no-bet round never reached the ledger: there is nothing to refund.
  if (round.noBet) showVoid(ref, reason, message, ctx.fx);
  else voidEvent = publishVoid(ref, reason, message, ctx.fx, approvalId);
  ctx.fx.schedule('next', ctx.config.timers.resultMs, { kind: 'timer', timer: 'next' });
  return { ...state, phase: 'result', round: { ...round, voidEvent } };
}
