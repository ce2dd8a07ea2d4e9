import { BaccaratError, ExposedCardPlace, placeExposedCard } from '@casino/baccarat';
import { Card, cardToText, parseCard } from '@casino/cards';
import { commandDone, DealerCommandResult, notAllowed, rejection } from '@casino/table-kit/core';
import { BaccaratTableState } from './baccarat-table.state';
import { addCard, closeBettingNow, voidRound } from './round-flow';
import { TableContext } from './table-context';

type Result = DealerCommandResult<BaccaratTableState>;

/** An exposed card as players see it while it waits for its round. */
export interface ExposedCardView extends ExposedCardPlace {
  card: string;
  reason: string;
}

/**
 * Studio: a card came out of the shoe out of order — flipped or dropped face up while dealing or burning, one
 * card too many (docs/rules/baccarat.md#exposed-cards). It is never burned: it keeps its place in the card
 * sequence (`placeExposedCard`), and every player is shown it at once (`table:exposedCard`).
 * - Dealing: it is the round's next card, dealt now on the side its position says.
 * - Betting: no bet may be placed with the card in view, so betting closes at once and the round is dealt with it
 *   as its first card (after any carried before it); or, on the manager's decision (`noBet`), the round's stakes
 *   are refunded (void) and the next round, played without bets, deals it first.
 * - Between rounds (or a shoe being loaded): it waits as the next round's first card; that round takes bets as
 *   usual with the card shown, or is played without bets on the manager's decision (`noBet`; seed 000 §4.3).
 * - After the shoe's last round: no round of this shoe deals it; it goes with the finished shoe (round 'none').
 */
export function exposeCard(
  state: BaccaratTableState,
  ctx: TableContext,
  text: string,
  noBet = false,
): Result {
  if (ctx.config.dealer !== 'studio')
    return notAllowed(state, 'the automatic dealer deals this table: its cards leave the shoe in order');
  let card: Card;
  try {
    card = parseCard(text);
  } catch {
    return { state, reply: rejection('INVALID_MESSAGE', `unreadable card ${JSON.stringify(text)}`) };
  }
  const pending = state.exposed ?? [];
  const round = state.round;
  let place: ExposedCardPlace;
  try {
    switch (state.phase) {
      case 'dealing':
        if (!round) return notAllowed(state, 'no round is being dealt');
        if (noBet)
          return notAllowed(
            state,
            'the card is dealt in this round, whose bets closed before it was seen: make the next round no-bet with no-bet-round',
          );
        place = placeExposedCard(card, round.cards);
        break;
      case 'betting':
        // The round taking bets has no card yet: the waiting cards are its first ones.
        place = placeExposedCard(card, pending);
        if (place.round === 'next')
          return notAllowed(
            state,
            'the cards already exposed make a whole round: no card is held for the round after next',
          );
        // Made no-bet, this round is void: the card opens the no-bet round that follows.
        if (noBet) place = { ...place, round: 'next' };
        break;
      case 'result':
        if (state.shoe?.lastRound || state.shoe?.endRequested) return afterLastRound(state, ctx, card, noBet);
        place = placeExposedCard(card, null, pending);
        break;
      case 'waiting-shoe':
        // A card drawn beyond the burn of the shoe being loaded: its first round's first card.
        place = placeExposedCard(card, null, pending);
        break;
    }
  } catch (error) {
    if (error instanceof BaccaratError) return notAllowed(state, error.message);
    throw error;
  }
  const view = exposedCardView(card, place);
  const shown = () =>
    ctx.fx.broadcast('table:exposedCard', {
      tableId: state.tableId,
      shoeId: state.shoe?.shoeId,
      roundId: place.round === 'this' ? round?.roundId : undefined,
      ...view,
      ...(noBet ? { noBetRound: true } : {}),
    });
  if (state.phase === 'dealing') {
    shown();
    return commandDone(addCard(state, ctx, card, true), 'exposedCard');
  }
  const waiting: BaccaratTableState = { ...state, exposed: [...pending, card] };
  if (state.phase === 'betting' && round) {
    if (noBet) {
      shown();
      const voided = voidRound(
        waiting,
        ctx,
        'misdeal',
        `card ${view.card} exposed while betting was open: the manager made the round no-bet, every stake is refunded`,
      );
      ctx.fx.broadcast('table:noBetRoundNext', { tableId: state.tableId });
      return commandDone({ ...voided, noBetNext: true }, 'exposedCard');
    }
    // "No more bets" goes to the ledger before anyone is shown the card.
    return commandDone(closeBettingNow(waiting, ctx, shown), 'exposedCard');
  }
  shown();
  if (noBet) ctx.fx.broadcast('table:noBetRoundNext', { tableId: state.tableId });
  return commandDone({ ...waiting, ...(noBet ? { noBetNext: true } : {}) }, 'exposedCard');
}

/**
 * A card exposed after the shoe's last round (its cut card came out, or the manager ended it): no round of this
 * shoe follows to deal it, and a new shoe is shuffled without it, so it goes to the discard rack with the finished
 * shoe. Every player is shown it all the same.
 */
function afterLastRound(state: BaccaratTableState, ctx: TableContext, card: Card, noBet: boolean): Result {
  if (noBet)
    return notAllowed(
      state,
      'the card belongs to no round of this shoe: the next round is of a new shoe (no-bet-round makes it no-bet)',
    );
  ctx.fx.broadcast('table:exposedCard', {
    tableId: state.tableId,
    shoeId: state.shoe?.shoeId,
    card: cardToText(card),
    round: 'none',
    reason: "exposed after the shoe's last round: no round deals it, it goes with the finished shoe",
  });
  return commandDone(state, 'exposedCard');
}

/** The cards waiting for their round, as the table view shows them. */
export function waitingExposedCards(state: BaccaratTableState): ExposedCardView[] {
  const waiting = state.exposed ?? [];
  const thisRound = state.phase === 'betting';
  return waiting.map((card, index) => {
    const before = waiting.slice(0, index);
    return exposedCardView(
      card,
      thisRound ? placeExposedCard(card, before) : placeExposedCard(card, null, before),
    );
  });
}

function exposedCardView(card: Card, place: ExposedCardPlace): ExposedCardView {
  const where = place.round === 'this' ? 'this round' : 'the next round';
  return {
    card: cardToText(card),
    ...place,
    reason: `exposed out of order: not burned, dealt as card ${place.index + 1} (${place.target}) of ${where}`,
  };
}
