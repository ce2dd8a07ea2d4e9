import { CardError, cardToText, parseCard } from '@casino/cards';
import { RoundResultPayload, TableConfig } from '@casino/events';
import { dealerBeadCount } from '@casino/fan-tan';
import { dealerDice } from '@casino/sic-bo';
import { dealsCards } from './draws';
import { DealerResult, StudioTableState } from './studio-table.state';

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
