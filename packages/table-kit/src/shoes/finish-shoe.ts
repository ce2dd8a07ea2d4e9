import { Shoe, ShoeCommitment, ShoeReveal } from '@casino/cards';
import { makeEvent, ShoeRevealedEvent } from '@casino/events';
import { Effects } from '../host/table-machine';

/** A finished shoe's commitment and reveal, kept for players and auditors to check. */
export interface RevealedShoe {
  shoeId: string;
  commitment: ShoeCommitment;
  reveal: ShoeReveal;
  rounds: number;
}

/** How many revealed shoes a table keeps (also served by GET /tables/:id/shoes/:shoeId). */
export const REVEALED_KEPT = 5;

/** The games dealt from a shoe. */
export type ShoeGame = ShoeRevealedEvent['game'];

/** What finishing a shoe needs of a card game's table state. */
export interface TableWithShoe {
  tableId: string;
  shoe: { shoeId: string; shoe: Shoe | null; commitment?: ShoeCommitment; roundsDealt: number } | null;
  revealed: RevealedShoe[];
}

/**
 * Ends the shoe. An automatic shoe's order and salt are revealed so anyone can check its commitment: to the
 * table's sockets, and as ShoeRevealed on the rounds topic for the ledger and auditors. A dealer-scanned shoe
 * has no commitment and just finishes.
 */
export function finishShoe<S extends TableWithShoe, I>(state: S, effects: Effects<I>, game: ShoeGame): S {
  const inPlay = state.shoe;
  if (!inPlay) return state;
  let revealed = state.revealed;
  if (inPlay.shoe && inPlay.commitment) {
    inPlay.shoe.close();
    const entry = {
      shoeId: inPlay.shoeId,
      commitment: inPlay.commitment,
      reveal: inPlay.shoe.reveal(),
      rounds: inPlay.roundsDealt,
    };
    revealed = [...revealed, entry].slice(-REVEALED_KEPT);
    effects.publish(
      makeEvent('ShoeRevealed', {
        tableId: state.tableId,
        game,
        shoeId: entry.shoeId,
        commitment: entry.commitment,
        reveal: entry.reveal,
        roundsDealt: entry.rounds,
      }),
    );
    effects.broadcast('shoe:revealed', { tableId: state.tableId, ...entry });
  } else {
    effects.broadcast('shoe:finished', {
      tableId: state.tableId,
      shoeId: inPlay.shoeId,
      rounds: inPlay.roundsDealt,
    });
  }
  return { ...state, shoe: null, revealed };
}
