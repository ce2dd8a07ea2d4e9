/**
 * Accounts of the double-entry ledger:
 * - `player`: a player's wallet per operator and currency; never negative.
 * - `bets_in_play`: stakes taken and not yet settled, per operator, table and currency (per table, so that
 *   settling one table never waits on another table's lock), in shards: each ledger instance stakes into its own
 *   shard of a table's account, so two instances deciding bets of one table never wait on each other's row; the
 *   bet records its shard's account, from which its settlement, refund or cancel takes the stake back.
 * - `house`: the house result (GGR) per operator, game, table and currency; may go negative.
 * - `funding`: an operator's funding account, the counterpart of deposits and withdrawals; may go negative.
 * - `bonus`: a player's bonus balance (bonus in play) per operator and currency, beside the cash wallet; never
 *   negative. Locked with the player wallets (ACCOUNT_LOCK_ORDER).
 * - `bonus_granted`: an operator's bonus grants per currency, the counterpart of every grant; may go negative.
 * - `bonus_converted` / `bonus_forfeited`: the bonus money an operator's bonuses left as cash (converted) or took
 *   away (forfeited and expired), per currency (docs/ledger.md#bonus-funds).
 * - `free_bets`: an operator's promotion book of free bets per currency: it pays each free bet's stake and gets back
 *   what of a return does not go to the player (at most the stake); may go negative (docs/ledger.md#free-bets).
 * Every journal entry sums to zero, so the sum of all accounts is always zero.
 */
export type AccountKind =
  | 'player'
  | 'bets_in_play'
  | 'house'
  | 'funding'
  | 'bonus'
  | 'bonus_granted'
  | 'bonus_converted'
  | 'bonus_forfeited'
  | 'free_bets';

/** The operator-and-currency bonus books. */
export type BonusBookKind = 'bonus_granted' | 'bonus_converted' | 'bonus_forfeited';

export type AccountSpec =
  | { kind: 'player'; operatorId: string; playerId: string; currency: string }
  | { kind: 'bets_in_play'; operatorId: string; tableId: string; currency: string; shard?: number }
  | { kind: 'house'; operatorId: string; game: string; tableId: string; currency: string }
  | { kind: 'funding'; operatorId: string; currency: string }
  | { kind: 'bonus'; operatorId: string; playerId: string; currency: string }
  | { kind: BonusBookKind; operatorId: string; currency: string }
  | { kind: 'free_bets'; operatorId: string; currency: string };

/** Which kinds may hold a negative balance (the CHECK constraint allows it only for these). */
export const MAY_GO_NEGATIVE: Readonly<Record<AccountKind, boolean>> = {
  player: false,
  bets_in_play: false,
  house: true,
  funding: true,
  bonus: false,
  bonus_granted: true,
  bonus_converted: false,
  bonus_forfeited: false,
  free_bets: true,
};

/** Accounts that belong to one player (locked first, with the wallets: ACCOUNT_LOCK_ORDER). */
export const isPlayerOwned = (kind: AccountKind) => kind === 'player' || kind === 'bonus';

const esc = (part: string) => encodeURIComponent(part);

/** A stable, unique text key for an account; the accounts table is unique on it. */
export function accountKey(spec: AccountSpec): string {
  switch (spec.kind) {
    case 'player':
      return `player/${esc(spec.operatorId)}/${esc(spec.playerId)}/${spec.currency}`;
    case 'bets_in_play':
      // Shard 0 keeps the key every table's account had before there were shards.
      return `bets_in_play/${esc(spec.operatorId)}/${esc(spec.tableId)}/${spec.currency}${spec.shard ? `/${spec.shard}` : ''}`;
    case 'house':
      return `house/${esc(spec.operatorId)}/${esc(spec.game)}/${esc(spec.tableId)}/${spec.currency}`;
    case 'funding':
      return `funding/${esc(spec.operatorId)}/${spec.currency}`;
    case 'bonus':
      return `bonus/${esc(spec.operatorId)}/${esc(spec.playerId)}/${spec.currency}`;
    case 'bonus_granted':
    case 'bonus_converted':
    case 'bonus_forfeited':
    case 'free_bets':
      return `${spec.kind}/${esc(spec.operatorId)}/${spec.currency}`;
  }
}

export const playerAccount = (operatorId: string, playerId: string, currency: string): AccountSpec => ({
  kind: 'player',
  operatorId,
  playerId,
  currency,
});
export const betsInPlayAccount = (
  operatorId: string,
  tableId: string,
  currency: string,
  shard = 0,
): AccountSpec => ({
  kind: 'bets_in_play',
  operatorId,
  tableId,
  currency,
  shard,
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
export const bonusAccount = (operatorId: string, playerId: string, currency: string): AccountSpec => ({
  kind: 'bonus',
  operatorId,
  playerId,
  currency,
});
export const bonusBookAccount = (kind: BonusBookKind, operatorId: string, currency: string): AccountSpec => ({
  kind,
  operatorId,
  currency,
});
export const freeBetsAccount = (operatorId: string, currency: string): AccountSpec => ({
  kind: 'free_bets',
  operatorId,
  currency,
});
