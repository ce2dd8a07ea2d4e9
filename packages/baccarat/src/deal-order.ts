import { Card, CardSource } from '@casino/cards';

/**
 * The order a table takes the first four cards from the shoe. The engine's record order — what `cards` of an
 * outcome, a RoundResult and `outcomeFromCards` mean — is always P1, B1, P2, B2, then the Player's third card,
 * then the Banker's.
 * - `alternate` (live tables, seeds 000–003): the shoe deals P, B, P, B — record order and draw order coincide.
 * - `player-first` (RNG table, docs/rules/baccarat.md#rng-baccarat: "first two face-up cards to the Player, then two to the Banker"): the
 *   shoe deals P, P, B, B; third cards follow as usual.
 */
export const DEAL_ORDERS = ['alternate', 'player-first'] as const;
export type DealOrder = (typeof DEAL_ORDERS)[number];

export function isDealOrder(value: unknown): value is DealOrder {
  return typeof value === 'string' && (DEAL_ORDERS as readonly string[]).includes(value);
}

/** A shoe dealing in `order`, seen by the engine in record order (P1, B1, P2, B2, third cards). */
export function inDealOrder(source: CardSource, order: DealOrder): CardSource {
  return order === 'alternate' ? source : new PlayerFirstSource(source);
}

/** The cards of a round as they came out of the shoe, from its record order (an involution on the first four). */
export function drawOrderOf(cardsInRecordOrder: readonly Card[], order: DealOrder): Card[] {
  const cards = [...cardsInRecordOrder];
  if (order === 'player-first' && cards.length >= 4) [cards[1], cards[2]] = [cards[2], cards[1]];
  return cards;
}

/** Takes P1, P2, B1, B2 from the shoe at the first draw and hands them out as P1, B1, P2, B2. */
class PlayerFirstSource implements CardSource {
  private readonly opening: Card[] = [];
  private given = 0;

  constructor(private readonly shoe: CardSource) {}

  draw(): Card {
    if (this.given === 0) {
      const p1 = this.shoe.draw();
      const p2 = this.shoe.draw();
      const b1 = this.shoe.draw();
      const b2 = this.shoe.draw();
      this.opening.push(p1, b1, p2, b2);
    }
    return this.given < 4 ? this.opening[this.given++] : this.shoe.draw();
  }
}
