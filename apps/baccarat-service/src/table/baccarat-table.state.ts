import { BaccaratWinner } from '@casino/baccarat';
import { Card, restoreShoe, Shoe, ShoeCommitment, ShoeSnapshot } from '@casino/cards';
import { RoundResultEvent, RoundVoidedEvent } from '@casino/events';
import {
  BetBook,
  CancelRef,
  CardDealerCommand,
  LedgerInput,
  PlayerClaims,
  RevealedShoe,
} from '@casino/table-kit';

export type LivePhase = 'waiting-shoe' | 'betting' | 'dealing' | 'result';

/** The shoe on the table. An automatic dealer holds the real Shoe; a studio table only counts its rounds. */
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
  /** No-bet rounds still to play at the start of the shoe (burn mode `no-bet-rounds`). */
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
  shoe: ShoeInPlay | null;
  round: LiveRound | null;
  /** A manager asked for the next round to be played without bets. */
  noBetNext: boolean;
  history: HistoryEntry[];
  revealed: RevealedShoe[];
}

export type DealerCommand = CardDealerCommand | { kind: 'noBetRound' };

export type BaccaratInput =
  | LedgerInput
  | { kind: 'timer'; timer: 'close' | 'card' | 'next' }
  | { kind: 'placeBet'; player: PlayerClaims; type: string; stake: bigint; roundId?: string }
  | { kind: 'cancelBet'; player: PlayerClaims; which: CancelRef; roundId?: string }
  | { kind: 'dealer'; command: DealerCommand };

export const HISTORY_LENGTH = 60;

type ShoeInPlaySnapshot = Omit<ShoeInPlay, 'shoe'> & { shoe: ShoeSnapshot | null };
export interface BaccaratTableSnapshot extends Omit<BaccaratTableState, 'shoe'> {
  version: 1;
  shoe: ShoeInPlaySnapshot | null;
}

export function toSnapshot(state: BaccaratTableState): BaccaratTableSnapshot {
  return {
    ...state,
    version: 1,
    shoe: state.shoe ? { ...state.shoe, shoe: state.shoe.shoe?.snapshot() ?? null } : null,
  };
}

export function fromSnapshot(data: unknown): BaccaratTableState | undefined {
  if (typeof data !== 'object' || data === null || (data as { version?: unknown }).version !== 1)
    return undefined;
  const snap = data as BaccaratTableSnapshot;
  const { version: _version, ...rest } = snap;
  return {
    ...rest,
    shoe: snap.shoe ? { ...snap.shoe, shoe: snap.shoe.shoe ? restoreShoe(snap.shoe.shoe) : null } : null,
  };
}
