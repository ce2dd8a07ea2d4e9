/**
 * The studio's signatures of a round's dealt cards (docs/kafka-security.md#signed-live-results): the console signs
 * each card it deals, `{tableId, roundId, index, card}`, with a key the service never holds; the service keeps them
 * beside the cards, by index, and passes them on in the RoundResult. `null`: a card without one (an automatic
 * draw, an exposed card reported out of order, an unsigned console).
 */
export type CardSignatures = readonly (string | null)[];

/** The signatures with `signature` for the card at `index`; later ones (a rescanned card's) are dropped. */
export function withCardSignature(
  signatures: CardSignatures | undefined,
  index: number,
  signature: string | undefined,
): (string | null)[] {
  const kept = (signatures ?? []).slice(0, index);
  while (kept.length < index) kept.push(null);
  kept.push(signature ?? null);
  return kept;
}

/** The RoundResult's attestation when each of the `count` cards dealt carries a signature; otherwise none. */
export function cardAttestation(
  signatures: CardSignatures | undefined,
  count: number,
): { attestation: { cards: string[] } } | Record<string, never> {
  const cards = (signatures ?? []).slice(0, count);
  if (count === 0 || cards.length < count || cards.some((s) => s === null)) return {};
  return { attestation: { cards: cards as string[] } };
}
