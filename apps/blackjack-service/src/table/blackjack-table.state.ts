import { RoundState, SeatNumber } from '@casino/blackjack';
import { restoreShoe, Shoe, ShoeCommitment, ShoeSnapshot } from '@casino/cards';
import { BlackjackInput as LoggedInput, RoundBet, RoundResultEvent, RoundVoidedEvent } from '@casino/events';
import {
  BetBook,
  CancelRef,
  CancelReply,
  CardDealerCommand,
  LedgerInput,
  PlayerClaims,
  Rejection,
  RevealedShoe,
} from '@casino/table-kit';

export type BlackjackPhase = 'waiting-shoe' | 'betting' | 'awaiting-bets' | 'dealing' | 'result';

export interface ShoeInPlay {
  shoeId: string;
  shoe: Shoe | null;
  commitment?: ShoeCommitment;
  roundsDealt: number;
  lastRound: boolean;
  endRequested: boolean;
}

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
  seats: { seat: SeatNumber; playerId: string }[];
  /** The engine's round (after the final bets); every change goes through its `step`. */
  engine: RoundState | null;
  /** Every input the engine took, in order, as the result event records it. */
  inputs: LoggedInput[];
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
  seats: { seat: number; playerId: string; totals: number[]; returned: bigint; staked: bigint }[];
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

export interface BlackjackTableSnapshot extends Omit<BlackjackTableState, 'shoe'> {
  version: 1;
  shoe: (Omit<ShoeInPlay, 'shoe'> & { shoe: ShoeSnapshot | null }) | null;
}

export function toSnapshot(state: BlackjackTableState): BlackjackTableSnapshot {
  return {
    ...state,
    version: 1,
    shoe: state.shoe ? { ...state.shoe, shoe: state.shoe.shoe?.snapshot() ?? null } : null,
  };
}

export function fromSnapshot(data: unknown): BlackjackTableState | undefined {
  if (typeof data !== 'object' || data === null || (data as { version?: unknown }).version !== 1)
    return undefined;
  const snap = data as BlackjackTableSnapshot;
  const { version: _version, ...rest } = snap;
  return {
    ...rest,
    shoe: snap.shoe ? { ...snap.shoe, shoe: snap.shoe.shoe ? restoreShoe(snap.shoe.shoe) : null } : null,
  };
}
