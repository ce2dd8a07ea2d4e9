import { CutCardPlacement } from '@casino/cards';
import { BACCARAT_BET_TYPES, BaccaratBetType, isBaccaratBetType } from './bet-types';
import { DealOrder, isDealOrder } from './deal-order';
import { BaccaratError } from './errors';
import { PayTableName } from './pay-table';

export const BACCARAT_VARIANTS = ['commission', 'no-commission', 'rng'] as const;
export type BaccaratVariant = (typeof BACCARAT_VARIANTS)[number];

/** Inclusive stake limits in minor units. */
export interface BetLimit {
  min: bigint;
  max: bigint;
}

/**
 * How a new shoe starts: `burn` (first card shown, its value in further cards burned), `no-bet-rounds` (three
 * rounds dealt by the normal rules without bets, docs/rules/baccarat.md#no-bet-rounds), `none` (RNG table: a fresh shoe every round).
 */
export const BACCARAT_BURN_MODES = ['burn', 'no-bet-rounds', 'none'] as const;
export type BaccaratBurnMode = (typeof BACCARAT_BURN_MODES)[number];

export interface BaccaratTableRules {
  variant: BaccaratVariant;
  payTable: PayTableName;
  decks: number;
  /** Bet types this table offers. The RNG table (docs/rules/baccarat.md#rng-baccarat) offers only Player, Banker and Tie. */
  betTypes: readonly BaccaratBetType[];
  /**
   * Per bet type. For Player and Banker the limit is per bet; for Tie and the side bets `max` is also the table's
   * total on that type (rules: "their maximum applies to the table as a whole") — see `tableTotalMaxima`.
   */
  limits: Readonly<Partial<Record<BaccaratBetType, BetLimit>>>;
  /** |total on Player − total on Banker| at the table may not exceed this (minor units). */
  maxPlayerBankerDifference: bigint;
  /** Last round of the shoe (1-based, counting every round dealt from it) on which the bet type is accepted. */
  sideBetLastRound: Readonly<Partial<Record<BaccaratBetType, number>>>;
  burnMode: BaccaratBurnMode;
  /** Rounds played without bets at the start of a shoe when `burnMode` is 'no-bet-rounds'. */
  noBetRounds: number;
  /** Shoe placement from @casino/cards: default 7 from the back (docs/rules/baccarat.md#cut-card), or a random depth in a range. */
  cutCard: CutCardPlacement;
  /** 'every-round': a fresh shuffle of all decks before each round (RNG table). */
  shuffle: 'per-shoe' | 'every-round';
  /** How the first four cards leave the shoe; absent = 'alternate' (P, B, P, B). RNG: 'player-first' (docs/rules/baccarat.md#rng-baccarat). */
  dealOrder?: DealOrder;
}

const MAIN_BETS: readonly BaccaratBetType[] = ['player', 'banker', 'tie'];

/** Example limits in minor units (1.00 .. 10,000.00 on Player/Banker); an operator configures its own. */
const DEFAULT_LIMITS: Readonly<Record<BaccaratBetType, BetLimit>> = {
  player: { min: 100n, max: 1_000_000n },
  banker: { min: 100n, max: 1_000_000n },
  tie: { min: 100n, max: 100_000n },
  playerPair: { min: 100n, max: 50_000n },
  bankerPair: { min: 100n, max: 50_000n },
  luckySix: { min: 100n, max: 50_000n },
  playerNatural: { min: 100n, max: 50_000n },
  bankerNatural: { min: 100n, max: 50_000n },
};

/** Pairs close after round 60 of the shoe, Lucky Six and the naturals after round 50 (seeds 002/003). */
export const DEFAULT_SIDE_BET_LAST_ROUND: Readonly<Partial<Record<BaccaratBetType, number>>> = {
  playerPair: 60,
  bankerPair: 60,
  luckySix: 50,
  playerNatural: 50,
  bankerNatural: 50,
};

export const DEFAULT_NO_BET_ROUNDS = 3;

/**
 * Whether a bet type is closed for the rest of the shoe: past its last round (1-based `roundInShoe`, counting every
 * round dealt from the shoe). A table without its own cut-offs uses the defaults; null when the bet may be placed.
 */
export function sideBetCutoffProblem(
  type: string,
  roundInShoe: number,
  lastRounds: Readonly<Record<string, number | undefined>> = DEFAULT_SIDE_BET_LAST_ROUND,
): { code: 'SIDE_BET_CLOSED'; message: string } | null {
  const last = lastRounds[type];
  return last !== undefined && roundInShoe > last
    ? { code: 'SIDE_BET_CLOSED', message: `${type} is not accepted after round ${last} of the shoe` }
    : null;
}

/** Defaults of docs/rules/baccarat.md: live tables 8 decks, burn, cut card 7 from the back; RNG 6 decks reshuffled. */
export function defaultTableRules(variant: BaccaratVariant): BaccaratTableRules {
  switch (variant) {
    case 'commission':
    case 'no-commission':
      return {
        variant,
        payTable: variant,
        decks: 8,
        betTypes: [...BACCARAT_BET_TYPES],
        limits: { ...DEFAULT_LIMITS },
        maxPlayerBankerDifference: 2_000_000n,
        sideBetLastRound: { ...DEFAULT_SIDE_BET_LAST_ROUND },
        burnMode: 'burn',
        noBetRounds: DEFAULT_NO_BET_ROUNDS,
        cutCard: { fromBack: 7 },
        shuffle: 'per-shoe',
      };
    case 'rng':
      // docs/rules/baccarat.md#rng-baccarat: Banker RTP 98.94% is the 5% commission table; one player, so no table difference applies.
      return {
        variant,
        payTable: 'commission',
        decks: 6,
        betTypes: [...MAIN_BETS],
        limits: Object.fromEntries(MAIN_BETS.map((type) => [type, { ...DEFAULT_LIMITS[type] }])),
        maxPlayerBankerDifference: DEFAULT_LIMITS.player.max,
        sideBetLastRound: {},
        burnMode: 'none',
        noBetRounds: 0,
        cutCard: { fromBack: 7 },
        shuffle: 'every-round',
        // docs/rules/baccarat.md#rng-baccarat: "first two cards to the Player, then two to the Banker".
        dealOrder: 'player-first',
      };
    default:
      throw new BaccaratError('UNKNOWN_VARIANT', `unknown baccarat variant: ${String(variant)}`);
  }
}

export function isBaccaratVariant(value: unknown): value is BaccaratVariant {
  return typeof value === 'string' && (BACCARAT_VARIANTS as readonly string[]).includes(value);
}

/** What is wrong with a table configuration, or null when it is usable. */
export function tableRulesProblem(rules: BaccaratTableRules): string | null {
  if (!isBaccaratVariant(rules.variant)) return `unknown variant ${String(rules.variant)}`;
  if (!Number.isInteger(rules.decks) || rules.decks < 1 || rules.decks > 8) return `decks must be 1..8`;
  if (rules.betTypes.length === 0) return 'a table must offer at least one bet type';
  for (const type of rules.betTypes) {
    if (!isBaccaratBetType(type)) return `unknown bet type ${String(type)}`;
    const limit = rules.limits[type];
    if (!limit) return `no limit for offered bet type ${type}`;
    if (limit.min <= 0n || limit.max < limit.min) return `limit for ${type} must satisfy 0 < min <= max`;
  }
  if (rules.maxPlayerBankerDifference < 0n) return 'maxPlayerBankerDifference must not be negative';
  if (!Number.isInteger(rules.noBetRounds) || rules.noBetRounds < 0) return 'noBetRounds must be >= 0';
  if (rules.dealOrder !== undefined && !isDealOrder(rules.dealOrder)) {
    return `unknown deal order ${String(rules.dealOrder)}`;
  }
  return null;
}
