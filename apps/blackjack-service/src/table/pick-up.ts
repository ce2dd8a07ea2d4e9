import { RoundState } from '@casino/blackjack';
import { Card } from '@casino/cards';

/**
 * The order the round's cards go into the discard rack (docs/rules/blackjack.md#cards-after-the-round, seed 001
 * §3.6): the dealer's cards first, then the players' from the last seat to the first, each seat's hands in play
 * order. A finished round and a voided one are picked up alike, so either can be reconstructed from the rack.
 */
export function pickUpOrder(engine: Pick<RoundState, 'dealer' | 'seats'>): Card[] {
  const players = [...engine.seats].reverse().flatMap((s) => s.hands.flatMap((h) => [...h.cards]));
  return [...engine.dealer.cards, ...players];
}
