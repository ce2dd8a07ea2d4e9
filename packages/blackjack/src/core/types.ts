import { Card } from '@casino/cards';
import { HandResult } from './outcome';
import { BlackjackRules } from './rules';

/** Seats (boxes) are numbered 1..7 from the dealer's left; dealing goes in that order. */
export type SeatNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export const PLAYER_ACTIONS = ['hit', 'stand', 'double', 'split'] as const;
export type PlayerAction = (typeof PLAYER_ACTIONS)[number];

export interface SeatBet {
  seat: SeatNumber;
  playerId: string;
  /** Original stake in minor units. */
  stake: bigint;
}

export type RoundPhase = 'deal' | 'insurance' | 'players' | 'dealer' | 'settled';

export interface HandState {
  /**
   * Stable id: 0 for the seat's original hand, then 1, 2, … in the order splits create hands. Play order is
   * the order of `SeatState.hands` (a split hand goes right after the hand it came from).
   */
  readonly id: number;
  readonly cards: readonly Card[];
  /** Original stake (hand 0) or split stake (other hands). */
  readonly stake: bigint;
  /** Additional stake of a double down; 0 when not doubled. */
  readonly doubleStake: bigint;
  readonly fromSplit: boolean;
  /** A hand created by splitting aces. */
  readonly splitAces: boolean;
  /** A hit or double was accepted and the hand now waits for its card. */
  readonly drawPending: boolean;
  /** No more decisions for this hand (stood, doubled, bust, 21, blackjack, split aces). */
  readonly finished: boolean;
}

export type InsuranceStatus = 'not-offered' | 'pending' | 'declined' | 'taken';

export interface SeatState {
  readonly seat: SeatNumber;
  readonly playerId: string;
  readonly stake: bigint;
  readonly hands: readonly HandState[];
  readonly insurance: { readonly status: InsuranceStatus; readonly stake: bigint };
  /** Hands created so far (next split hand id). */
  readonly handsCreated: number;
}

export interface DealerState {
  /** Up card first; the hole card (if any) second; then draws. */
  readonly cards: readonly Card[];
  readonly holeCardRevealed: boolean;
  /** Result of the peek: null when the dealer did not peek. */
  readonly peekedBlackjack: boolean | null;
}

/** Where the next card goes. */
export type CardTarget =
  | { readonly kind: 'seat'; readonly seat: SeatNumber; readonly hand: number }
  | { readonly kind: 'dealer'; readonly role: 'up' | 'hole' | 'draw' };

/** What the round needs next. */
export type Awaiting =
  | { readonly kind: 'card'; readonly target: CardTarget }
  | { readonly kind: 'insurance'; readonly seats: readonly SeatNumber[] }
  | {
      readonly kind: 'decision';
      readonly seat: SeatNumber;
      readonly hand: number;
      readonly options: readonly PlayerAction[];
    }
  | { readonly kind: 'settled' };

/** A round as plain data. Never mutated: `step` returns a new state. */
export interface RoundState {
  readonly rules: BlackjackRules;
  readonly phase: RoundPhase;
  /** Seats with a bet, in seat (dealing) order. */
  readonly seats: readonly SeatState[];
  readonly dealer: DealerState;
  /** Every card of the round in the order it came out of the shoe. */
  readonly cards: readonly Card[];
  readonly awaiting: Awaiting;
}

export type BlackjackInput =
  | { readonly kind: 'card'; readonly card: Card }
  | { readonly kind: 'insurance'; readonly seat: SeatNumber; readonly take: boolean }
  | {
      readonly kind: 'action';
      readonly seat: SeatNumber;
      readonly hand: number;
      readonly action: PlayerAction;
      /** Double for less: the additional stake, 1..hand stake. Defaults to the hand stake. */
      readonly stake?: bigint;
    }
  | { readonly kind: 'timeout' };

/** Why a hand stopped taking decisions. */
export type HandEnd = 'blackjack' | 'bust' | 'twenty-one' | 'stood' | 'doubled' | 'split-aces';

export type BlackjackEvent =
  | {
      readonly type: 'card-dealt';
      readonly card: Card;
      readonly target: CardTarget;
      readonly faceDown: boolean;
    }
  | { readonly type: 'insurance-offered'; readonly seats: readonly SeatNumber[] }
  | {
      readonly type: 'insurance-decided';
      readonly seat: SeatNumber;
      readonly taken: boolean;
      readonly stake: bigint;
      readonly timedOut: boolean;
    }
  | { readonly type: 'dealer-peeked'; readonly blackjack: boolean }
  | {
      readonly type: 'decision-offered';
      readonly seat: SeatNumber;
      readonly hand: number;
      readonly options: readonly PlayerAction[];
    }
  | {
      readonly type: 'action-taken';
      readonly seat: SeatNumber;
      readonly hand: number;
      readonly action: PlayerAction;
      readonly timedOut: boolean;
    }
  | {
      readonly type: 'hand-split';
      readonly seat: SeatNumber;
      readonly hand: number;
      readonly newHand: number;
      readonly stake: bigint;
    }
  | {
      readonly type: 'hand-doubled';
      readonly seat: SeatNumber;
      readonly hand: number;
      readonly stake: bigint;
    }
  | {
      readonly type: 'hand-finished';
      readonly seat: SeatNumber;
      readonly hand: number;
      readonly end: HandEnd;
      readonly total: number;
    }
  | { readonly type: 'hole-card-revealed'; readonly card: Card }
  | {
      readonly type: 'dealer-finished';
      readonly total: number;
      readonly blackjack: boolean;
      readonly bust: boolean;
    }
  | { readonly type: 'round-settled'; readonly settlement: readonly SeatSettlement[] };

/** `main` is placed before the deal; the others mid-round, each at its moment. */
export const BLACKJACK_STAKE_KINDS = ['main', 'double', 'split', 'insurance'] as const;
export type StakeKind = (typeof BLACKJACK_STAKE_KINDS)[number];

/**
 * One stake of a seat and what it returns. `id` is stable across replays ("main", "split:1", "double:0",
 * "insurance"), so the ledger can map each of its bets to exactly one stake.
 */
export interface StakeSettlement {
  readonly id: string;
  readonly kind: StakeKind;
  /** Hand id the stake rides on (0 for main and insurance). */
  readonly hand: number;
  readonly stake: bigint;
  /** Stake + win, the stake on a push, 0 on a loss. */
  readonly returned: bigint;
  readonly result: HandResult | 'insurance-win' | 'insurance-lose';
}

export interface HandSettlement {
  readonly hand: number;
  readonly cards: readonly Card[];
  readonly total: number;
  readonly blackjack: boolean;
  readonly result: HandResult;
  /** The hand's own stake ('main' or 'split') and its double, if any. */
  readonly stakes: readonly StakeSettlement[];
}

export interface SeatSettlement {
  readonly seat: SeatNumber;
  readonly playerId: string;
  readonly hands: readonly HandSettlement[];
  /** Null when insurance was not taken. */
  readonly insurance: StakeSettlement | null;
  /** Every stake of the seat (hand stakes in play order, then insurance). */
  readonly stakes: readonly StakeSettlement[];
  readonly totalStaked: bigint;
  readonly totalReturned: bigint;
}
