import { Card, CardSource } from '@casino/cards';
import { BaccaratOutcome, BaccaratWinner, LuckySix, SettlementFacts } from './outcome';
import { BANKER_DRAW_LOOKUP } from './third-card';
import { CARD_POINTS } from './values';

/** No third card on that side. */
export const NO_CARD = -1;

/**
 * Mutable, reusable round state: the internal fast path. `dealInto` fills it without allocating, so the
 * simulation and the benchmark can deal millions of rounds; the public `dealRound` and `outcomeFromCards` run the
 * same code and copy the result into a fresh plain `BaccaratOutcome`.
 */
export class RoundState implements SettlementFacts {
  playerFirst: Card = 0;
  playerSecond: Card = 0;
  playerThird: Card = NO_CARD;
  bankerFirst: Card = 0;
  bankerSecond: Card = 0;
  bankerThird: Card = NO_CARD;
  cardCount = 0;
  playerTotal = 0;
  bankerTotal = 0;
  winner: BaccaratWinner = 'tie';
  playerPair = false;
  bankerPair = false;
  playerNatural = false;
  bankerNatural = false;
  luckySix: LuckySix = 'none';
}

/**
 * Deals one round from `source` into `state`: P, B, P, B, then the Player's third card, then the Banker's, by
 * the third-card table. Draws exactly the cards the rules call for (4 to 6) and nothing else.
 */
export function dealInto(source: CardSource, state: RoundState): RoundState {
  const p1 = source.draw();
  const b1 = source.draw();
  const p2 = source.draw();
  const b2 = source.draw();
  let playerTotal = (CARD_POINTS[p1] + CARD_POINTS[p2]) % 10;
  let bankerTotal = (CARD_POINTS[b1] + CARD_POINTS[b2]) % 10;
  const playerNatural = playerTotal >= 8;
  const bankerNatural = bankerTotal >= 8;
  let p3 = NO_CARD;
  let b3 = NO_CARD;
  if (!playerNatural && !bankerNatural) {
    if (playerTotal <= 5) {
      p3 = source.draw();
      const p3Value = CARD_POINTS[p3];
      playerTotal = (playerTotal + p3Value) % 10;
      if (BANKER_DRAW_LOOKUP[bankerTotal * 10 + p3Value] === 1) b3 = source.draw();
    } else if (bankerTotal <= 5) {
      b3 = source.draw();
    }
    if (b3 !== NO_CARD) bankerTotal = (bankerTotal + CARD_POINTS[b3]) % 10;
  }
  state.playerFirst = p1;
  state.playerSecond = p2;
  state.playerThird = p3;
  state.bankerFirst = b1;
  state.bankerSecond = b2;
  state.bankerThird = b3;
  state.cardCount = 4 + (p3 === NO_CARD ? 0 : 1) + (b3 === NO_CARD ? 0 : 1);
  state.playerTotal = playerTotal;
  state.bankerTotal = bankerTotal;
  state.playerNatural = playerNatural;
  state.bankerNatural = bankerNatural;
  state.playerPair = p1 >> 2 === p2 >> 2;
  state.bankerPair = b1 >> 2 === b2 >> 2;
  if (playerTotal > bankerTotal) {
    state.winner = 'player';
    state.luckySix = 'none';
  } else if (bankerTotal > playerTotal) {
    state.winner = 'banker';
    state.luckySix = bankerTotal !== 6 ? 'none' : b3 === NO_CARD ? 'two-cards' : 'three-cards';
  } else {
    state.winner = 'tie';
    state.luckySix = 'none';
  }
  return state;
}

/** Copies the round state into fresh plain data. */
export function toOutcome(state: RoundState): BaccaratOutcome {
  const playerCards = [state.playerFirst, state.playerSecond];
  const bankerCards = [state.bankerFirst, state.bankerSecond];
  const cards = [state.playerFirst, state.bankerFirst, state.playerSecond, state.bankerSecond];
  if (state.playerThird !== NO_CARD) {
    playerCards.push(state.playerThird);
    cards.push(state.playerThird);
  }
  if (state.bankerThird !== NO_CARD) {
    bankerCards.push(state.bankerThird);
    cards.push(state.bankerThird);
  }
  return {
    winner: state.winner,
    playerTotal: state.playerTotal,
    bankerTotal: state.bankerTotal,
    cards,
    playerCards,
    bankerCards,
    playerPair: state.playerPair,
    bankerPair: state.bankerPair,
    playerNatural: state.playerNatural,
    bankerNatural: state.bankerNatural,
    luckySix: state.luckySix,
  };
}
