import { Card } from '@casino/cards';

export type BaccaratWinner = 'player' | 'banker' | 'tie';

/** Banker wins with 6 points: with two cards (Lucky Six pays 12:1) or three (20:1). */
export type LuckySix = 'none' | 'two-cards' | 'three-cards';

/** The result of one round, as plain data. Everything a bet is settled from is derived from the cards. */
export interface BaccaratOutcome {
  winner: BaccaratWinner;
  playerTotal: number;
  bankerTotal: number;
  /** Every card of the round in deal order: P1, B1, P2, B2, then the Player's and/or the Banker's third card. */
  cards: readonly Card[];
  playerCards: readonly Card[];
  bankerCards: readonly Card[];
  /** First two cards of the side have the same rank. */
  playerPair: boolean;
  bankerPair: boolean;
  /** First two cards of the side total 8 or 9. */
  playerNatural: boolean;
  bankerNatural: boolean;
  luckySix: LuckySix;
}

/** The part of an outcome that bets are settled from. The allocation-free round state has the same fields. */
export type SettlementFacts = Pick<
  BaccaratOutcome,
  'winner' | 'bankerTotal' | 'playerPair' | 'bankerPair' | 'playerNatural' | 'bankerNatural' | 'luckySix'
>;
