// A baccarat result's cards, in dealing order, split into the Player's and the Banker's hands. The order alone
// decides it: P1 B1 P2 B2, then a fifth card is the Player's when the Player drew (two-card total 0–5, no natural),
// otherwise the Banker's; a sixth is always the Banker's.

function value(card: string): number {
  const rank = card[0];
  if (rank === 'A') return 1;
  if (rank >= '2' && rank <= '9') return Number(rank);
  return 0;
}

export function total(cards: readonly string[]): number {
  return cards.reduce((sum, c) => sum + value(c), 0) % 10;
}

/**
 * The hands, or null when the count of cards cannot follow the drawing rules (a disputed round's record, e.g. a
 * fifth card after a natural): such a record is shown as it is, in order, never forced into hands.
 */
export function baccaratHands(cards: readonly string[]): { player: string[]; banker: string[] } | null {
  const player = [cards[0], cards[2]].filter((c): c is string => c !== undefined);
  const banker = [cards[1], cards[3]].filter((c): c is string => c !== undefined);
  if (cards.length < 5) return { player, banker };
  const natural = total(player) >= 8 || total(banker) >= 8;
  const playerDrew = !natural && total(player) <= 5;
  if (natural || cards.length > 6 || (cards.length === 6 && !playerDrew)) return null;
  if (playerDrew) {
    player.push(cards[4]);
    if (cards[5]) banker.push(cards[5]);
  } else banker.push(cards[4]);
  return { player, banker };
}
