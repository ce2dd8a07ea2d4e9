import { CardError, cardToText, parseCard } from '@casino/cards';
import { ResultAttestation, RoundResultPayload, TableConfig } from '@casino/events';
import { cardAttestation } from '@casino/table-kit/core';
import { dealerBeadCount } from '@casino/fan-tan';
import { dealerDice } from '@casino/sic-bo';
import { dealsCards } from './draws';
import { DealerResult, StudioTableState } from './studio-table.state';

/**
 * The studio's signatures that came with a dealer's entry (docs/kafka-security.md#signed-live-results), as the
 * RoundResult passes them on: the whole result's for dice and beads, one per card by index for the two-card games
 * (only when every card has one); undefined for an unsigned console, or why the entry's signatures do not fit its
 * game. The service cannot check them (it never holds the studio's key): the ledger does.
 */
export function dealerAttestationOf(
  game: StudioTableState['game'],
  entry: DealerResult,
): { ok: true; attestation?: ResultAttestation } | { ok: false; message: string } {
  if (dealsCards(game)) {
    if (entry.signature !== undefined)
      return { ok: false, message: 'a card game signs each card: cardSignatures, not signature' };
    const signed = cardAttestation(entry.cardSignatures, entry.cards?.length ?? 0);
    if (entry.cardSignatures !== undefined && !('attestation' in signed))
      return { ok: false, message: 'one signature per card dealt' };
    return { ok: true, ...signed };
  }
  if (entry.cardSignatures !== undefined)
    return { ok: false, message: `${game} signs the whole result: signature, not cardSignatures` };
  return entry.signature === undefined
    ? { ok: true }
    : { ok: true, attestation: { signature: entry.signature } };
}

/**
 * A studio dealer's entry as the round's result, checked by the game's engine: three faces 1..6 (Sic Bo), a bead
 * count within the table's range (Fan Tan), two cards (Dragon Tiger, Football Studio); or why it is refused.
 */
export function dealerResultOf(
  game: StudioTableState['game'],
  settings: TableConfig,
  entry: DealerResult,
): { ok: true; result: RoundResultPayload } | { ok: false; message: string } {
  if (game === 'sicBo') {
    const dice = dealerDice(entry.dice);
    return dice.ok ? { ok: true, result: { game, dice: [...dice.dice] } } : dice;
  }
  if (game === 'fanTan' && settings.game === 'fanTan') {
    const beads = dealerBeadCount(entry.count, settings.beadRange);
    return beads.ok ? { ok: true, result: { game, count: beads.count, result: beads.result } } : beads;
  }
  if (dealsCards(game)) {
    if (!entry.cards || entry.cards.length !== 2)
      return { ok: false, message: 'a round deals exactly two cards' };
    try {
      const cards = entry.cards.map((c) => cardToText(parseCard(c)));
      return { ok: true, result: { game, cards } as RoundResultPayload };
    } catch (err) {
      if (err instanceof CardError) return { ok: false, message: err.message };
      throw err;
    }
  }
  return { ok: false, message: `no dealer entry for ${game}` };
}
