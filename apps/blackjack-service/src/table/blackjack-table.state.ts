import { RoundState, SeatNumber } from '@casino/blackjack';
import { BlackjackInput as LoggedInput, RoundBet, RoundResultEvent, RoundVoidedEvent } from '@casino/events';
import {
  BetBook,
  CancelRef,
  CancelReply,
  LedgerInput,
  Rejection,
  RevealedShoe,
  ShoeInPlay,
} from '@casino/table-kit/core';
import { CardDealerCommand } from '@casino/table-kit/nest';
import { PlayerClaims } from '@casino/events';

export type BlackjackPhase = 'waiting-shoe' | 'betting' | 'awaiting-bets' | 'dealing' | 'result';

/** A mid-round stake sent to the ledger; the action waits for its decision. */
export interface PendingStake {
  commandId: string;
  seat: SeatNumber;
  /** The hand the stake rides on (a split stake: the hand the split makes). */
  hand: number;
  /** The hand the action applies to (a split: the hand being split). */
  actionHand: number;
  kind: 'double' | 'split' | 'insurance';
}

export interface BlackjackRound {
  roundId: string;
  number: number;
  openedAt: number;
  closesAt?: number;
  book: BetBook;
  /** Parts of the ledger's BetsFinalized received so far. */
  finalParts: { count: number; indexes: number[]; bets: RoundBet[] } | null;
  /**
   * The seats dealt in and their players (operator and player: a seat is its operator's player's, never a
   * namesake's). `operatorId` is absent only in snapshots from before it was kept (ownership then from the book).
   */
  seats: { seat: SeatNumber; playerId: string; operatorId?: string; nickname?: string }[];
  /** The engine's round (after the final bets); every change goes through its `step`. */
  engine: RoundState | null;
  /** Every input the engine took, in order, as the result event records it. */
  inputs: LoggedInput[];
  /** The studio's signatures of the round's cards, by index among its card inputs (table-kit CardSignatures). */
  cardSignatures?: (string | null)[];
  pending: PendingStake[];
  /** When the current decision or insurance window ends (ms since epoch). */
  deadline?: number;
  /** Grace for a stake still with the ledger when the timer ends. */
  graceUntil?: number;
  resultEvent?: RoundResultEvent;
  voidEvent?: RoundVoidedEvent;
}

export interface BlackjackHistoryEntry {
  roundId: string;
  dealer: { cards: string[]; total: number };
  /** `name`: the player as the table shows them (nickname or anonymous label, never the id). */
  seats: { seat: number; name?: string; totals: number[]; returned: bigint; staked: bigint }[];
}

export interface BlackjackTableState {
  tableId: string;
  phase: BlackjackPhase;
  shoe: ShoeInPlay | null;
  round: BlackjackRound | null;
  history: BlackjackHistoryEntry[];
  revealed: RevealedShoe[];
}

export type BlackjackDealerCommand = CardDealerCommand;

export type BlackjackTableInput =
  | LedgerInput
  | { kind: 'timer'; timer: 'close' | 'finalBets' | 'card' | 'decision' | 'next' }
  | { kind: 'placeBet'; player: PlayerClaims; seat: number; stake: bigint; roundId?: string }
  | { kind: 'cancelBet'; player: PlayerClaims; which: CancelRef; roundId?: string }
  | {
      kind: 'decide';
      player: PlayerClaims;
      seat: number;
      hand: number;
      action: 'hit' | 'stand' | 'double' | 'split';
    }
  | { kind: 'insurance'; player: PlayerClaims; seat: number; take: boolean }
  | { kind: 'dealer'; command: BlackjackDealerCommand };

export type BlackjackReply =
  | { ok: true; ref: string; roundId: string; status: 'pending' }
  | CancelReply
  | { ok: true; done: string }
  | Rejection;

export const HISTORY_LENGTH = 30;
