import { CasinoEvent } from '@casino/events';
import { ApplyFailure } from './failure.classifier';

/** What a parked message blocks until it is resolved: its round's commands, its player's, or nothing. */
export type QuarantineHold = 'round' | 'player' | 'none';
export type QuarantineStatus = 'parked' | 'retried' | 'discarded';

/** Where a consumed message came from: its Kafka coordinates and key. */
export interface MessageOrigin {
  topic: string;
  partition: number;
  offset: string;
  key: string | null;
}

/** What a parked message is about, and so what it holds back until it is resolved. */
export interface QuarantineSubject {
  eventId: string | null;
  eventType: string | null;
  holds: QuarantineHold;
  tableId: string | null;
  roundId: string | null;
  operatorId: string | null;
  playerId: string | null;
}

/** A parked message as the registry keeps it (the open entries only). */
export interface QuarantineEntry extends QuarantineSubject {
  id: string;
}

export interface ParkRequest {
  origin: MessageOrigin;
  /** The message's bytes as received. */
  payload: Buffer;
  /** The decoded event, when the message decoded at all. */
  event?: CasinoEvent;
  failure: ApplyFailure;
  attempts: number;
  firstFailedAt: Date;
  /** The message was kept as a pending round event: its pending row leaves with the parking. */
  pendingEventId?: string;
}

/**
 * A round event holds its round (later bets and cancels on it are rejected ROUND_QUARANTINED); a bet command its
 * player (PLAYER_QUARANTINED), so that none of the player's commands is decided out of order behind it.
 */
export function subjectOf(event: CasinoEvent | undefined): QuarantineSubject {
  const none: QuarantineSubject = {
    eventId: event?.id ?? null,
    eventType: event?.type ?? null,
    holds: 'none',
    tableId: null,
    roundId: null,
    operatorId: null,
    playerId: null,
  };
  if (!event) return none;
  switch (event.type) {
    case 'PlaceBet':
    case 'CancelBet':
      return {
        ...none,
        holds: 'player',
        tableId: event.tableId,
        roundId: event.roundId,
        operatorId: event.operatorId,
        playerId: event.playerId,
      };
    case 'RoundOpened':
    case 'BettingClosed':
    case 'RoundResult':
    case 'RoundVoided':
      return { ...none, holds: 'round', tableId: event.tableId, roundId: event.roundId };
    case 'ShoeRevealed':
      return { ...none, tableId: event.tableId };
    default:
      return none;
  }
}
