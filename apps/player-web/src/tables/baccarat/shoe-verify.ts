import type { RevealedShoe } from './baccarat-state';

/** The text the shoe commitment hashes (packages/cards commitmentPreimage, `casino-shoe/v1`). */
export function commitmentPreimage(decks: number, order: readonly string[], salt: string): string {
  return `casino-shoe/v1;decks=${decks};order=${order.join(',')};salt=${salt}`;
}

/** Recomputes the revealed shoe's SHA-256 in the browser and compares it with the commitment published before. */
export async function verifyRevealedShoe(shoe: RevealedShoe): Promise<boolean> {
  if (shoe.commitment.algorithm !== 'sha256') return false;
  if (shoe.order.length !== shoe.commitment.cardCount || !/^[0-9a-f]{64}$/.test(shoe.salt)) return false;
  const bytes = new TextEncoder().encode(commitmentPreimage(shoe.commitment.decks, shoe.order, shoe.salt));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  const hex = [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
  return hex === shoe.commitment.hash;
}
