import { PlanShape } from './player-plan';

/** A funded, launched player: the token the operator's launch gave. */
export interface LaunchedPlayer {
  playerId: string;
  token: string;
}

/** Coordinator → worker (IPC). */
export type ToWorker =
  | {
      type: 'init';
      serviceUrl: string;
      tableId: string;
      players: LaunchedPlayer[];
      rounds: number;
      seed: string;
      shape: PlanShape;
      connectConcurrency: number;
    }
  /** Bet in every betting round opened from now on, until `rounds` are played. */
  | { type: 'play' }
  /** Report now what was seen (the run's time is up). */
  | { type: 'report' }
  | { type: 'close' };

/** What one worker saw of one round (times in ms since the epoch). */
export interface WorkerRound {
  roundId: string;
  /** Bets the service acknowledged `pending` (placed before "no more bets"). */
  placed: number;
  /** Of those, decided (bet:accepted / bet:rejected) on the socket before the round's first card. */
  decidedBeforeDeal: number;
  decided: number;
  /** Of those, decided on the socket after its first card (the deal did not wait for them). */
  decidedAfterDeal: number;
  accepted: number;
  /** When each accepted decision arrived. */
  acceptedAt: number[];
  firstEmitAt: number;
  /** When each socket received round:opened (the first of this worker included). */
  openedAt: number[];
  /** When each socket received round:result (one entry per socket that did). */
  resultAt: number[];
  /** When each socket received its round:settled (players with a bet standing at the result). */
  settledAt: number[];
  firstCardAt: number;
  /** The round was voided (round:voided): it has no result. */
  voided: boolean;
}

export interface WorkerReport {
  type: 'report';
  rounds: WorkerRound[];
  /** emit → acknowledgement, and emit → the ledger's decision on the socket (ms). */
  ackMs: number[];
  decisionMs: number[];
  /** Per decided bet: its ref (the PlaceBet command id), when it was sent, acknowledged and its decision arrived. */
  betTimes: [string, number, number, number][];
  errors: Record<string, number>;
  counts: Record<string, number>;
  cpuMs: number;
  maxRssMb: number;
  /** The worker's event-loop delay p99 (ms): high means the client, not the service, delayed messages. */
  loopDelayP99Ms: number;
}

/** Worker → coordinator (IPC). */
export type FromWorker =
  | { type: 'connected'; connected: number; failed: number; errors: Record<string, number>; ms: number }
  | WorkerReport
  | { type: 'failed'; message: string };
