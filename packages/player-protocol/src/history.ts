/**
 * The player's history as the ledger answers it (`GET /player/history`, `/player/rounds/…`, `/round-links`) and the
 * player client reads it: money as decimal strings of minor units, times as ISO strings.
 */

/** One of the player's bets in a round, with how it ended. */
export interface PlayerBetView {
  betId: string;
  bet: Record<string, unknown>;
  stake: string;
  /** open, settled, refunded, cancelled (as the ledger's bet views). */
  status: string;
  returned: string | null;
  outcome: string | null;
  acceptedAt: string;
}

export interface PlayerRoundSummary {
  tableId: string;
  roundId: string;
  game: string;
  currency: string;
  status: string;
  openedAt: string;
  finishedAt: string | null;
  /** The player's stakes in the round (cancelled bets left out) and what was paid back to them. */
  staked: string;
  returned: string;
  result: Record<string, unknown> | null;
}

export interface PlayerRoundDetails extends PlayerRoundSummary {
  closedAt: string | null;
  voidReason: string | null;
  bets: PlayerBetView[];
  /** The shoe the round was dealt from: its commitment hash, and once revealed its order and salt (seeds). */
  shoe: {
    shoeId: string;
    hash: string | null;
    reveal: {
      commitment: unknown;
      order: string[];
      salt: string;
      roundsDealt: number;
      verified: boolean;
      problemCode: string | null;
      revealedAt: string;
    } | null;
  } | null;
}

/** A page of the player's rounds, newest first; `nextBefore` asks for the next older page. */
export interface PlayerHistoryPage {
  items: PlayerRoundSummary[];
  nextBefore: string | null;
}
