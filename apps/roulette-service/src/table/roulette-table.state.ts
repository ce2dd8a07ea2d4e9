import { PocketColour } from '@casino/roulette';
import { RoundResultEvent, RoundVoidedEvent } from '@casino/events';
import { BetBook, CancelRef, CancelReply, LedgerInput, Rejection } from '@casino/table-kit/core';
import { PlayerClaims } from '@casino/events';

/** `closed`: the wheel has not been declared ready; no betting. */
export type RoulettePhase = 'closed' | 'betting' | 'spinning' | 'result';

export interface Spin {
  pocket: number;
  revolutions: number;
}

export interface RouletteRound {
  roundId: string;
  openedAt: number;
  closesAt?: number;
  /** Ball launched: from then on the round completes whatever happens. */
  launchedAt?: number;
  /** The automatic wheel's spin in flight (drawn at launch, shown when the ball stops). */
  spin?: Spin;
  noSpins: number;
  book: BetBook;
  resultEvent?: RoundResultEvent;
  voidEvent?: RoundVoidedEvent;
}

export interface RouletteHistoryEntry {
  roundId: string;
  pocket: number;
  colour: PocketColour;
}

export interface RouletteTableState {
  version: 1;
  tableId: string;
  phase: RoulettePhase;
  wheel: { ready: boolean; declaredBy?: string; declaredAt?: number; closeAfterRound: boolean };
  round: RouletteRound | null;
  history: RouletteHistoryEntry[];
}

/** A basic bet as a player sends it (checked by the engine before anything else). */
export type BetInput =
  | { kind: 'basic'; spec: unknown; stake: bigint }
  | { kind: 'announced'; announced: unknown; unitStake: bigint };

export type RouletteDealerCommand =
  | { kind: 'wheelReady'; declaredBy: string }
  | { kind: 'wheelClosed' }
  | { kind: 'launch' }
  /** `signature`: the studio's signature of the result, for the ledger (docs/kafka-security.md#signed-live-results). */
  | { kind: 'pocket'; pocket: number; revolutions: number; signature?: string }
  /** `approvalId`: a pit boss's approval of the void, required once betting has closed. */
  | { kind: 'void'; reason: 'malfunction' | 'cancelled'; message?: string; approvalId?: string };

export type RouletteInput =
  | LedgerInput
  | { kind: 'timer'; timer: 'close' | 'spin' | 'next' }
  | { kind: 'placeBet'; player: PlayerClaims; bet: BetInput; roundId?: string }
  | { kind: 'cancelBet'; player: PlayerClaims; which: CancelRef; roundId?: string }
  | { kind: 'dealer'; command: RouletteDealerCommand };

export type RouletteReply =
  | { ok: true; roundId: string; refs: string[]; group?: string; status: 'pending' }
  | CancelReply
  | { ok: true; done: string }
  | Rejection;

export const HISTORY_LENGTH = 100;
