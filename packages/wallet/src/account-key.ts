/**
 * Accounts of the double-entry ledger:
 * - `player`: a player's wallet per operator and currency; never negative.
 * - `bets_in_play`: stakes taken and not yet settled, per operator, table and currency (per table, so that
 *   settling one table never waits on another table's lock).
 * - `house`: the house result (GGR) per operator, game, table and currency; may go negative.
 * - `funding`: an operator's funding account, the counterpart of deposits and withdrawals; may go negative.
 * Every journal entry sums to zero, so the sum of all accounts is always zero.
 */
export type AccountKind = 'player' | 'bets_in_play' | 'house' | 'funding';

export type AccountSpec =
  | { kind: 'player'; operatorId: string; playerId: string; currency: string }
  | { kind: 'bets_in_play'; operatorId: string; tableId: string; currency: string }
  | { kind: 'house'; operatorId: string; game: string; tableId: string; currency: string }
  | { kind: 'funding'; operatorId: string; currency: string };

/** Which kinds may hold a negative balance (the CHECK constraint allows it only for these). */
export const MAY_GO_NEGATIVE: Readonly<Record<AccountKind, boolean>> = {
  player: false,
  bets_in_play: false,
  house: true,
  funding: true,
};

const esc = (part: string) => encodeURIComponent(part);

/** A stable, unique text key for an account; the accounts table is unique on it. */
export function accountKey(spec: AccountSpec): string {
  switch (spec.kind) {
    case 'player':
      return `player/${esc(spec.operatorId)}/${esc(spec.playerId)}/${spec.currency}`;
    case 'bets_in_play':
      return `bets_in_play/${esc(spec.operatorId)}/${esc(spec.tableId)}/${spec.currency}`;
    case 'house':
      return `house/${esc(spec.operatorId)}/${esc(spec.game)}/${esc(spec.tableId)}/${spec.currency}`;
    case 'funding':
      return `funding/${esc(spec.operatorId)}/${spec.currency}`;
  }
}

export const playerAccount = (operatorId: string, playerId: string, currency: string): AccountSpec => ({
  kind: 'player',
  operatorId,
  playerId,
  currency,
});
export const betsInPlayAccount = (operatorId: string, tableId: string, currency: string): AccountSpec => ({
  kind: 'bets_in_play',
  operatorId,
  tableId,
  currency,
});
export const houseAccount = (
  operatorId: string,
  game: string,
  tableId: string,
  currency: string,
): AccountSpec => ({
  kind: 'house',
  operatorId,
  game,
  tableId,
  currency,
});
export const fundingAccount = (operatorId: string, currency: string): AccountSpec => ({
  kind: 'funding',
  operatorId,
  currency,
});
