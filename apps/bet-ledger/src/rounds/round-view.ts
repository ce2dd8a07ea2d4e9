import { Game, TableConfig } from '@casino/events';

/** Where a round is in its life at the ledger (ledger_rounds.status). */
export type RoundStatus = 'open' | 'closed' | 'settled' | 'voided' | 'disputed';

/** A round as a ledger transaction sees it; a batch of bets mutates it as bets are accepted or cancelled. */
export interface RoundView {
  tableId: string;
  roundId: string;
  game: Game;
  currency: string;
  status: RoundStatus;
  config: TableConfig;
  totals: Map<string, bigint>;
  /** Blackjack seat → player id. */
  seats: Map<number, string>;
  betCount: number;
  totalStaked: bigint;
  changed: boolean;
  /** Locked exclusively for this transaction: its totals and seats are current and may be written. */
  tableLocked: boolean;
}

export const roundKey = (tableId: string, roundId: string) => `${tableId}\u0000${roundId}`;
