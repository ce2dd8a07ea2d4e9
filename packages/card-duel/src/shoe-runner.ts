import { CutCardPlacement, DEFAULT_CUT_CARD, RandomSource, Shoe, createShoe } from '@casino/cards';
import { AceRank, dealDuel, DuelRound } from './duel';

/**
 * Deals round after round through real shoes as a live table does (simulation only; a game service drives its
 * own shoe): a new shoe of `decks` decks is shuffled from the source and cut, its first card burned with as many
 * more as it says, then two cards a round until the cut card comes out; that round is the last, then the shoe is
 * replaced.
 */
export class DuelShoeRunner {
  private shoe: Shoe | null = null;
  shoesUsed = 0;

  constructor(
    private readonly decks: number,
    private readonly ace: AceRank,
    private readonly random: RandomSource,
    private readonly cutCard: CutCardPlacement = DEFAULT_CUT_CARD,
  ) {}

  nextRound(): DuelRound {
    let shoe = this.shoe;
    if (shoe === null || shoe.cutCardReached) {
      shoe = this.shoe = createShoe({ decks: this.decks, cutCard: this.cutCard }, this.random);
      this.shoesUsed++;
      shoe.burn();
    }
    return dealDuel(shoe, this.ace);
  }
}
