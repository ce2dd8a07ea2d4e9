// RNG baccarat's messages: one player's own rounds, sent to that player only.

export const RNG_BACCARAT_MESSAGES = {
  result: 'rng:result',
  voided: 'rng:voided',
  /** The next round's commitment (after every dealt round; the first comes with `join`). */
  commitment: 'rng:commitment',
  idleWarning: 'rng:idleWarning',
  /** The session was closed (reason 'idle'); the service then closes the player's sockets on this table. */
  sessionClosed: 'rng:sessionClosed',
} as const;

/** The provably fair deal's public part: the server seed's hash, the client seed and the nonce. */
export interface RngCommitment {
  tableId: string;
  scheme: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

export interface RngResult {
  tableId: string;
  roundId: string;
  winner: 'player' | 'banker' | 'tie';
  playerTotal: number;
  bankerTotal: number;
  cards: string[];
  /** Bet type → stake. */
  stakes: Record<string, string>;
  at: number;
  /** The round's revealed seeds, enough to recompute it. */
  fairness?: unknown;
  drawn: string[];
  playerCards: string[];
  bankerCards: string[];
  shoe: { shoeId: string; commitment: unknown; reveal: unknown };
}

export interface RngBaccaratPayloads {
  'rng:result': RngResult;
  'rng:voided': { tableId: string; roundId: string; reason: string; message?: string };
  'rng:commitment': RngCommitment;
  'rng:idleWarning': { tableId: string; closesAt: number; inMs: number; idleMinutes: number };
  'rng:sessionClosed': { tableId: string; reason: 'idle'; message: string; idleMinutes: number };
}
