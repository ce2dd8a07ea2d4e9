import { BaccaratWinner } from '@casino/baccarat';
import { Card } from '@casino/cards';
import { RoundResultEvent, RoundVoidedEvent } from '@casino/events';
import { BetBook, CancelRef, LedgerInput, RevealedShoe, ShoeInPlay } from '@casino/table-kit/core';
import { CardDealerCommand } from '@casino/table-kit/nest';
import { PlayerClaims } from '@casino/events';

export type LivePhase = 'waiting-shoe' | 'betting' | 'dealing' | 'result';

/** A baccarat shoe in play, with its burn and the no-bet rounds that open it (burn mode `no-bet-rounds`). */
export interface BaccaratShoe extends ShoeInPlay {
  /** No-bet rounds still to play at the start of the shoe. */
  noBetRoundsLeft: number;
  burn?: { shown: string; burned: number };
}

export interface LiveRound {
  roundId: string;
  /** 1-based round number in the shoe. */
  number: number;
  noBet: boolean;
  openedAt: number;
  closesAt?: number;
  /** Time of the first card: from then on the round is completed whatever happens. */
  startedAt?: number;
  cards: Card[];
  /** Indices in `cards` of cards exposed out of order (rules: exposed cards), dealt in their place. */
  exposed?: number[];
  /** The studio's signatures of the cards, by index (table-kit CardSignatures); absent when none was given. */
  cardSignatures?: (string | null)[];
  book: BetBook;
  /** Kept so a restart can publish it again with the same id (the ledger dedupes on it). */
  resultEvent?: RoundResultEvent;
  voidEvent?: RoundVoidedEvent;
}

export interface HistoryEntry {
  roundId: string;
  winner: BaccaratWinner;
  playerTotal: number;
  bankerTotal: number;
  cards: string[];
  playerPair: boolean;
  bankerPair: boolean;
}

export interface BaccaratTableState {
  tableId: string;
  phase: LivePhase;
  shoe: BaccaratShoe | null;
  round: LiveRound | null;
  /** A manager asked for the next round to be played without bets. */
  noBetNext: boolean;
  /**
   * Cards exposed out of order before their round was dealing (docs/rules/baccarat.md#exposed-cards): never burned, they are that
   * round's first cards, in this order — the round taking bets (phase betting), otherwise the next round.
   */
  exposed?: Card[];
  history: HistoryEntry[];
  revealed: RevealedShoe[];
}

export type DealerCommand =
  | CardDealerCommand
  | { kind: 'noBetRound' }
  /**
   * A card seen out of order (flipped, dropped face up, one too many), as on the scanner: "AS". `noBet`: the
   * manager's decision that the round dealing it is played without bets (docs/rules/baccarat.md#exposed-cards).
   */
  | { kind: 'exposedCard'; card: string; noBet?: boolean };

export type BaccaratInput =
  | LedgerInput
  | { kind: 'timer'; timer: 'close' | 'card' | 'next' }
  | { kind: 'placeBet'; player: PlayerClaims; type: string; stake: bigint; roundId?: string }
  | { kind: 'cancelBet'; player: PlayerClaims; which: CancelRef; roundId?: string }
  | { kind: 'dealer'; command: DealerCommand };

export const HISTORY_LENGTH = 60;
