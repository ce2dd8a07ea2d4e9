import { RoundResultEvent } from '@casino/events';
import { BetBook, LedgerInput, PlayerClaims, Rejection } from '@casino/table-kit';

/** The RNG table offers Player, Banker and Tie (seed 004). */
export type RngBetType = 'player' | 'banker' | 'tie';
export type RngStakes = Partial<Record<RngBetType, bigint>>;

export interface RngHistoryEntry {
  roundId: string;
  winner: 'player' | 'banker' | 'tie';
  playerTotal: number;
  bankerTotal: number;
  cards: string[];
  stakes: RngStakes;
  at: number;
}

/** A dealt round in flight: waiting for the ledger's decisions on its stakes. */
export interface RngRoundInFlight {
  roundId: string;
  /** The session's own table id towards the ledger: `<tableId>~<playerId>`. */
  ledgerTableId: string;
  stakes: RngStakes;
  book: BetBook;
  openedAt: number;
}

/** One player's seat at the single-player table; it survives disconnects and restarts. */
export interface RngSession {
  player: PlayerClaims;
  /** Chips on the layout, not yet dealt (CLEAR removes them, DEAL sends them). */
  stakes: RngStakes;
  /** Stakes of the last dealt round (REPEAT). */
  lastStakes: RngStakes | null;
  round: RngRoundInFlight | null;
  /** Last published result, republished after a restart (same event id; the ledger applies it once). */
  lastResultEvent?: RoundResultEvent;
  history: RngHistoryEntry[];
  connected: boolean;
  disconnectedAt?: number;
}

export interface RngTableState {
  version: 1;
  tableId: string;
  sessions: Record<string, RngSession>;
}

export type RngInput =
  | LedgerInput
  | { kind: 'rngJoin'; player: PlayerClaims }
  | { kind: 'rngLeave'; playerId: string; disconnected: boolean }
  | { kind: 'rngStake'; player: PlayerClaims; type: string; stake: bigint }
  | { kind: 'rngClear'; playerId: string }
  | { kind: 'rngRepeat'; playerId: string; deal: boolean }
  | { kind: 'rngDeal'; playerId: string }
  | { kind: 'rngTimeout'; playerId: string; roundId: string };

export type RngReply = { ok: true; session: object } | (Rejection & { retryAfterMs?: number });

export const RNG_HISTORY_LENGTH = 50;
