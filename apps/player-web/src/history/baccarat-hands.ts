const VALUE: Record<string, number> = { A: 1, T: 0, J: 0, Q: 0, K: 0 };
const points = (cards: string[]) => cards.reduce((s, c) => s + (VALUE[c[0]] ?? Number(c[0])), 0) % 10;

/**
 * A baccarat result's cards (in the order dealt: P, B, P, B, then third cards) split into the two hands. The
 * Player draws a third card only on 0–5 without a natural, so a fifth card after a standing Player is the
 * Banker's (docs/rules/baccarat.md).
 */
export function baccaratHands(cards: readonly string[]): { player: string[]; banker: string[] } {
  const player = [cards[0], cards[2]].filter(Boolean);
  const banker = [cards[1], cards[3]].filter(Boolean);
  const rest = cards.slice(4);
  if (rest.length > 0) {
    const natural = points(player) >= 8 || points(banker) >= 8;
    if (!natural && points(player) <= 5) player.push(rest.shift() as string);
    if (rest.length > 0) banker.push(rest.shift() as string);
  }
  return { player, banker };
}

export const baccaratPoints = points;
