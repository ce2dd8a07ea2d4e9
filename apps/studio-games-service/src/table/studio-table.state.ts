import { ResultAttestation, RoundResultEvent, RoundResultPayload, RoundVoidedEvent } from '@casino/events';
import { PlayerClaims } from '@casino/events';
import { FairCommitment, FairReveal, StudioGameId, StudioResultSummary } from '@casino/player-protocol';
import {
  BetBook,
  CancelRef,
  CancelReply,
  LedgerInput,
  Rejection,
  RevealedShoe,
  ShoeInPlay,
} from '@casino/table-kit/core';

/** `betting`: the window is open; `drawing`: no more bets, the result is being drawn; `result`: on screen. */
export type StudioPhase = 'betting' | 'drawing' | 'result';

/** A dice or bead round's seeds: the server seed stays secret until the result reveals it. */
export interface RoundFairness extends FairCommitment {
  serverSeed: string;
}

export interface StudioRound {
  roundId: string;
  /** The round's number in its shoe (card tables), else in the table's run. */
  number: number;
  openedAt: number;
  closesAt: number;
  /** Dice and bead tables: the seeds committed to before betting opened. */
  fair?: RoundFairness;
  /** The result drawn at "no more bets", or entered by a studio's dealer (persisted: a restart completes it). */
  result?: RoundResultPayload;
  /**
   * Studio: the studio's signatures of the dealer's result (docs/kafka-security.md#signed-live-results), passed on
   * in the RoundResult: the whole result (dice, beads) or each card by index (two-card games).
   */
  attestation?: ResultAttestation;
  /** Studio: how many times the dice were shaken again or the beads counted again this round. */
  redraws: number;
  book: BetBook;
  resultEvent?: RoundResultEvent;
  voidEvent?: RoundVoidedEvent;
}

/** A finished round as the history shows it: the result without its seeds, and a shoe game's winner. */
export interface StudioHistoryEntry extends StudioResultSummary {
  roundId: string;
}

export interface StudioTableState {
  version: 1;
  tableId: string;
  game: StudioGameId;
  phase: StudioPhase;
  round: StudioRound | null;
  /** Card tables: the shoe in play (automatic: the real shoe, CSPRNG-shuffled, committed to). */
  shoe: ShoeInPlay | null;
  revealed: RevealedShoe[];
  /** Dice and bead tables: the client seed of the commitments and the last round's nonce. */
  seeds: { clientSeed: string; nonce: number } | null;
  history: StudioHistoryEntry[];
  /** Rounds opened at this table (a studio round's number; an automatic one counts its nonce or shoe). */
  roundsOpened: number;
}

/** What a studio dealer enters as the round's result: the game's fields (checked by its engine). */
export interface DealerResult {
  /** Sic Bo: the three faces. */
  dice?: number[];
  /** Fan Tan: the beads counted. */
  count?: number;
  /** Dragon Tiger, Football Studio: the two cards in deal order (`AS`, `10H`, …). */
  cards?: string[];
  /** Sic Bo, Fan Tan: the studio's signature of the whole result (`casino.round-result.v1`). */
  signature?: string;
  /** Dragon Tiger, Football Studio: the studio's signature of each card, by index (`casino.round-card.v1`). */
  cardSignatures?: string[];
}

export type StudioDealerCommand =
  /** Studio: the result of the round whose betting has closed. */
  | { kind: 'result'; result: DealerResult }
  /** Studio: the dice are shaken again (a die leaning, stacked or off the plate), or the beads counted again. */
  | { kind: 'redraw'; reason?: string }
  /** `approvalId`: a pit boss's approval of the void, required once betting has closed. */
  | { kind: 'void'; reason: 'malfunction' | 'cancelled'; message?: string; approvalId?: string };

/** A bet as the player sends it (its fields without `game`), checked against the game's definition. */
export interface BetInput {
  bet: Record<string, unknown>;
  stake: bigint;
}

export type StudioInput =
  | LedgerInput
  | { kind: 'timer'; timer: 'close' | 'draw' | 'next' }
  | { kind: 'placeBet'; player: PlayerClaims; bet: BetInput; roundId?: string }
  | { kind: 'cancelBet'; player: PlayerClaims; which: CancelRef; roundId?: string }
  | { kind: 'dealer'; command: StudioDealerCommand };

export type StudioReply =
  | { ok: true; roundId: string; refs: string[]; status: 'pending' }
  | CancelReply
  | { ok: true; done: string }
  | Rejection;

export const HISTORY_LENGTH = 100;

export type { FairReveal };
