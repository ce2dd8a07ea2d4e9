import { AceRank, DuelRound } from './duel';

/**
 * What a bet backs: a side (half the stake back when the round ties), any tie, or a suited tie (same rank and
 * suit).
 */
export type DuelBetRole = 'first' | 'second' | 'tie' | 'suitedTie';

export interface DuelBetLine {
  role: DuelBetRole;
  /** Winnings per unit staked when it wins (`pays`:1); the stake comes back too. */
  pays: bigint;
}

/** A game's bets by limit key, in display order. */
export type DuelPayTable<K extends string = string> = Readonly<Record<K, DuelBetLine>>;

/** A whole two-card game: its name, its ace, its shoe and its bets. */
export interface DuelGameRules<K extends string = string> {
  /** The wire id (dragonTiger, footballStudio). */
  id: string;
  title: string;
  ace: AceRank;
  /** The sides' names for people, first then second (Dragon, Tiger). */
  sides: readonly [string, string];
  /** Standard decks in the shoe (live tables: 8). */
  decks: number;
  betKeys: readonly K[];
  payTable: DuelPayTable<K>;
}

/**
 * A bet's return, stake included, in minor units. A side bet loses half its stake on a tie: it gets
 * floor(stake / 2) back, the odd minor unit is the house's (docs/rules/dragon-tiger.md#settlement).
 */
export function duelReturn(line: DuelBetLine, stake: bigint, round: DuelRound): bigint {
  if (stake <= 0n) throw new RangeError(`stake must be positive, got ${stake}`);
  const win = stake * (line.pays + 1n);
  switch (line.role) {
    case 'first':
    case 'second':
      if (round.winner === line.role) return win;
      return round.winner === 'tie' ? stake / 2n : 0n;
    case 'tie':
      return round.winner === 'tie' ? win : 0n;
    case 'suitedTie':
      return round.suited ? win : 0n;
  }
}

/**
 * The return per unit staked, stake included, times two (so a half stake is an integer): the exact and simulated
 * figures use it, where a unit stake's half is 1/2 and not rounded.
 */
export function duelReturnTimesTwo(line: DuelBetLine, round: Pick<DuelRound, 'winner' | 'suited'>): bigint {
  const win = 2n * (line.pays + 1n);
  switch (line.role) {
    case 'first':
    case 'second':
      if (round.winner === line.role) return win;
      return round.winner === 'tie' ? 1n : 0n;
    case 'tie':
      return round.winner === 'tie' ? win : 0n;
    case 'suitedTie':
      return round.suited ? win : 0n;
  }
}
