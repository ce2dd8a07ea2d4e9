import { RandomSource, Shoe, createShoe } from '@casino/cards';
import { RoundState, dealInto } from './round-state';
import { BaccaratTableRules } from './table-rules';

/**
 * Deals round after round through real shoes as a table would (simulation and benchmark only; a game service
 * drives its own shoe): a new shoe is shuffled and cut, started by the table's burn mode, dealt until the cut
 * card comes out, that round completed, then replaced. An RNG table shuffles a fresh shoe for every round.
 */
export class ShoeRunner {
  private shoe: Shoe | null = null;
  /** 1-based round of the current shoe, counting no-bet rounds. */
  roundInShoe = 0;
  shoesUsed = 0;
  private readonly scratch = new RoundState();

  constructor(
    readonly rules: BaccaratTableRules,
    private readonly random: RandomSource,
  ) {}

  /** Deals the next round that takes bets into `state` and returns it. */
  nextRound(state: RoundState): RoundState {
    let shoe = this.shoe;
    if (shoe === null || shoe.cutCardReached || this.rules.shuffle === 'every-round') {
      shoe = this.shoe = this.newShoe();
    }
    this.roundInShoe++;
    return dealInto(shoe, state);
  }

  private newShoe(): Shoe {
    const shoe = createShoe({ decks: this.rules.decks, cutCard: this.rules.cutCard }, this.random);
    this.shoesUsed++;
    this.roundInShoe = 0;
    if (this.rules.burnMode === 'burn') shoe.burn();
    if (this.rules.burnMode === 'no-bet-rounds') {
      for (let i = 0; i < this.rules.noBetRounds; i++) {
        dealInto(shoe, this.scratch);
        this.roundInShoe++;
      }
    }
    return shoe;
  }
}
