import { createHash } from 'node:crypto';
import { CARDS_PER_DECK, Card, cardToText, parseCard } from './card';
import { compositionProblem } from './composition';

/** Published before the first card of a shoe is dealt. */
export interface ShoeCommitment {
  algorithm: 'sha256';
  decks: number;
  cardCount: number;
  /** Lowercase hex SHA-256 of `commitmentPreimage(decks, order, salt)`. */
  hash: string;
}

/** Published once the shoe is finished, so anyone can recompute the hash. */
export interface ShoeReveal {
  /** The full shoe order, first card drawn first, in text form ("AS", "TD", …). */
  order: string[];
  /** The 32-byte secret salt, lowercase hex (64 characters). */
  salt: string;
}

export type CommitmentFailure =
  | 'UNSUPPORTED_ALGORITHM'
  | 'INVALID_CARD'
  | 'WRONG_CARD_COUNT'
  | 'INVALID_COMPOSITION'
  | 'INVALID_SALT'
  | 'HASH_MISMATCH';

export type CommitmentCheck = { ok: true } | { ok: false; reason: CommitmentFailure; message: string };

export const COMMITMENT_VERSION = 'casino-shoe/v1';
export const SALT_BYTES = 32;

const SALT_HEX = /^[0-9a-f]{64}$/;

/**
 * The exact ASCII text that is hashed: `casino-shoe/v1;decks=8;order=AS,KH,…;salt=<64 lowercase hex>`.
 * Cards are in text form (rank A23456789TJQK + suit SHDC), comma separated, in draw order.
 */
export function commitmentPreimage(decks: number, order: readonly string[], saltHex: string): string {
  return `${COMMITMENT_VERSION};decks=${decks};order=${order.join(',')};salt=${saltHex}`;
}

export function commitmentHash(decks: number, order: readonly string[], saltHex: string): string {
  return createHash('sha256')
    .update(commitmentPreimage(decks, order, saltHex), 'ascii')
    .digest('hex');
}

export function orderToText(order: ArrayLike<Card>): string[] {
  const text = new Array<string>(order.length);
  for (let i = 0; i < order.length; i++) text[i] = cardToText(order[i]);
  return text;
}

/** Checks a revealed shoe against its commitment: a complete composition, and the same hash. */
export function verifyCommitment(commitment: ShoeCommitment, reveal: ShoeReveal): CommitmentCheck {
  if (commitment.algorithm !== 'sha256') {
    return fail('UNSUPPORTED_ALGORITHM', `unsupported algorithm ${String(commitment.algorithm)}`);
  }
  if (!SALT_HEX.test(reveal.salt)) return fail('INVALID_SALT', 'salt must be 64 lowercase hex characters');
  const expectedCount = commitment.decks * CARDS_PER_DECK;
  if (commitment.cardCount !== expectedCount || reveal.order.length !== expectedCount) {
    return fail(
      'WRONG_CARD_COUNT',
      `expected ${expectedCount} cards for ${commitment.decks} deck(s), commitment says ${commitment.cardCount}, ` +
        `reveal has ${reveal.order.length}`,
    );
  }
  const cards: Card[] = [];
  for (const text of reveal.order) {
    // Only the canonical two-character form hashes identically, so accept nothing else.
    if (typeof text !== 'string' || text.length !== 2)
      return fail('INVALID_CARD', `not a card: ${String(text)}`);
    try {
      cards.push(parseCard(text));
    } catch {
      return fail('INVALID_CARD', `not a card: ${text}`);
    }
  }
  const problem = compositionProblem(cards, commitment.decks);
  if (problem) return fail('INVALID_COMPOSITION', problem);
  if (commitmentHash(commitment.decks, reveal.order, reveal.salt) !== commitment.hash) {
    return fail('HASH_MISMATCH', 'the revealed order and salt do not hash to the committed value');
  }
  return { ok: true };
}

function fail(reason: CommitmentFailure, message: string): CommitmentCheck {
  return { ok: false, reason, message };
}
