import { BaccaratError, ExposedCardPlace, placeExposedCard } from '@casino/baccarat';
import { Card, cardToText, parseCard } from '@casino/cards';
import { commandDone, DealerCommandResult, notAllowed, rejection } from '@casino/table-kit';
import { BaccaratTableState } from './baccarat-table.state';
import { addCard } from './round-flow';
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
 * sequence (`placeExposedCard`). While the round is dealing it is that round's next card, dealt now on the
 * side its position says. Before the deal (betting, or a shoe being loaded) and after a complete round it
 * waits: it is the first card of the round taking bets, or of the next round, dealt as soon as that round's
 * deal starts. When no round of this shoe follows (its last round is over) it stays with the shoe and the
 * command is refused. Whether the next round takes bets is the manager's `no-bet-round`.
 */
export function exposeCard(state: BaccaratTableState, ctx: TableContext, text: string): Result {
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
        break;
      case 'result':
        if (state.shoe?.lastRound || state.shoe?.endRequested)
          return notAllowed(
            state,
            'the shoe ends after this round: no round of it follows, the card stays with it',
          );
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
  ctx.fx.broadcast('table:exposedCard', {
    tableId: state.tableId,
    shoeId: state.shoe?.shoeId,
    roundId: place.round === 'this' ? round?.roundId : undefined,
    ...view,
  });
  if (state.phase === 'dealing') return commandDone(addCard(state, ctx, card, true), 'exposedCard');
  return commandDone({ ...state, exposed: [...pending, card] }, 'exposedCard');
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
