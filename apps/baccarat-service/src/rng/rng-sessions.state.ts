import { RNG_BACCARAT_MESSAGES } from '@casino/player-protocol';
import { FAIR_SCHEME } from '@casino/cards';
import { RoundResultEvent } from '@casino/events';
import { BetBook, LedgerInput, Rejection } from '@casino/table-kit/core';
import { PlayerClaims } from '@casino/events';

/** The RNG table offers Player, Banker and Tie (docs/rules/baccarat.md#rng-baccarat). */
export type RngBetType = 'player' | 'banker' | 'tie';
export type RngStakes = Partial<Record<RngBetType, bigint>>;

/**
 * Provably fair seeds of a session (docs/baccarat.md#provably-fair-rng-rounds): a fresh server seed for every
 * round, committed to (SHA-256) before the bets and revealed with the result; the client seed is the player's.
 */
export interface RngFairness {
  scheme: typeof FAIR_SCHEME;
  /** Secret: never sent before the round it deals is over. */
  serverSeed: string;
  /** sha256(serverSeed), sent before the bets. */
  serverSeedHash: string;
  clientSeed: string;
  /** The session's next dealt round, from 1. */
  nonce: number;
}

/** What the player may see of the seeds before the round: everything but the server seed. */
export type RngCommitment = Omit<RngFairness, 'serverSeed'>;

export interface RngHistoryEntry {
  roundId: string;
  winner: 'player' | 'banker' | 'tie';
  playerTotal: number;
  bankerTotal: number;
  /** Record order (P1, B1, P2, B2, third cards), as in RoundResult. */
  cards: string[];
  stakes: RngStakes;
  at: number;
  /** The round's revealed seeds: enough to recompute it (`npm run verify -- rng-round`). */
  fairness?: RngFairness;
}

/** A dealt round in flight: waiting for the ledger's decisions on its stakes. */
export interface RngRoundInFlight {
  roundId: string;
  /** The session's own table id towards the ledger: `<tableId>~<playerKey>` (sessionTableId). */
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
  /** The seeds of the next round (persisted: a restart keeps the commitment the player holds). */
  fair: RngFairness;
  /** The player's last action (join, chips, buttons, client seed): the idle timeout counts from it. */
  lastActiveAt?: number;
  /** Set when the service closed the session for inactivity; a later join needs no reconnect delay. */
  closedForIdleAt?: number;
}

export interface RngTableState {
  /** 3: sessions keyed by `playerKey` (operator and player); 2 and 1 keyed them by player id (migrated). */
  version: 3;
  tableId: string;
  sessions: Record<string, RngSession>;
}

/** `key`: the player's key (`playerKey`: operator and player); sessions are keyed by it. */
export type RngInput =
  | LedgerInput
  | { kind: 'rngJoin'; player: PlayerClaims }
  | { kind: 'rngLeave'; key: string; disconnected: boolean }
  | { kind: 'rngStake'; player: PlayerClaims; type: string; stake: bigint }
  | { kind: 'rngClear'; key: string }
  | { kind: 'rngRepeat'; key: string; deal: boolean }
  | { kind: 'rngDeal'; key: string }
  | { kind: 'rngClientSeed'; key: string; clientSeed: string }
  | { kind: 'rngTimeout'; key: string; roundId: string }
  /** Idle timers: the warning before the close, then the close. */
  | { kind: 'rngIdle'; key: string; stage: 'warning' | 'close' };

export type RngReply = { ok: true; session: object } | (Rejection & { retryAfterMs?: number });

export const RNG_HISTORY_LENGTH = 50;

/** Player messages of the RNG table (besides the bet relays): the player protocol's map. */
export const RNG_MESSAGES = RNG_BACCARAT_MESSAGES;
