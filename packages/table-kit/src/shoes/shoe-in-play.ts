import { Shoe, ShoeCommitment } from '@casino/cards';

/** The shoe on a card table. An automatic dealer holds the real Shoe; a studio table only counts its rounds. */
export interface ShoeInPlay {
  shoeId: string;
  shoe: Shoe | null;
  commitment?: ShoeCommitment;
  /** Rounds started from this shoe (the current round's number in the shoe). */
  roundsDealt: number;
  /** The cut card came out: the current round is the last one of the shoe. */
  lastRound: boolean;
  /** A manager asked for a new shoe after the current round. */
  endRequested: boolean;
}

/** The shoe in play as players see it: its id, commitment and progress, never its cards. */
export function shoeView(
  shoe: ShoeInPlay,
): Pick<ShoeInPlay, 'shoeId' | 'commitment' | 'roundsDealt' | 'lastRound'> {
  return {
    shoeId: shoe.shoeId,
    commitment: shoe.commitment,
    roundsDealt: shoe.roundsDealt,
    lastRound: shoe.lastRound,
  };
}
