import {
  Card,
  checkFairClaim,
  FAIR_SCHEME,
  FairClaim,
  FairSeeds,
  Shoe,
  ShoeCommitment,
  ShoeReveal,
  cardToText,
  fairShoe,
} from '@casino/cards';
import { DealOrder, drawOrderOf } from './deal-order';
import { BaccaratOutcome } from './outcome';
import { dealRound } from './round';
import { BaccaratTableRules, defaultTableRules } from './table-rules';

/** What a provably fair round depends on besides the seeds: the RNG table's decks, cut card and deal order. */
export type FairRoundRules = Pick<BaccaratTableRules, 'decks' | 'cutCard' | 'dealOrder'>;

export interface FairRound {
  /** The closed shoe (commitment, reveal, record). */
  shoe: Shoe;
  outcome: BaccaratOutcome;
  /** The round's cards as they left the shoe (P, P, B, B, … at the RNG table); `outcome.cards` is record order. */
  drawn: Card[];
}

/**
 * Deals one RNG round from the shoe the seeds derive (`fairShoe` of @casino/cards: HMAC-SHA256 stream driving the
 * Fisher–Yates shuffle), by the table's deal order and the third-card rules, and closes the shoe.
 */
export function dealFairRound(seeds: FairSeeds, rules: FairRoundRules = defaultTableRules('rng')): FairRound {
  const dealOrder: DealOrder = rules.dealOrder ?? 'alternate';
  const shoe = fairShoe(seeds, { decks: rules.decks, cutCard: rules.cutCard });
  shoe.startRound(1);
  const outcome = dealRound(shoe, dealOrder);
  shoe.endRound();
  shoe.discard(outcome.cards);
  shoe.close();
  return { shoe, outcome, drawn: drawOrderOf(outcome.cards, dealOrder) };
}

/** A round to check: the revealed seeds, and optionally the commitment received before the bets. */
export type FairRoundClaim = FairClaim;

/** Everything a player needs to check a round, as plain data (text cards). */
export interface FairRoundReport {
  scheme: typeof FAIR_SCHEME;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  /** null when no commitment was given to compare with. */
  commitmentMatches: boolean | null;
  decks: number;
  dealOrder: DealOrder;
  /** The round's cards in shoe order. */
  drawn: string[];
  /** Record order (P1, B1, P2, B2, P3?, B3?): what RoundResult carries and `outcomeFromCards` reads. */
  cards: string[];
  playerCards: string[];
  bankerCards: string[];
  playerTotal: number;
  bankerTotal: number;
  winner: BaccaratOutcome['winner'];
  playerNatural: boolean;
  bankerNatural: boolean;
  playerPair: boolean;
  bankerPair: boolean;
  shoe: { commitment: ShoeCommitment; reveal: ShoeReveal };
}

/** Recomputes a round from its seeds (what `npm run verify -- rng-round` prints). */
export function verifyFairRound(
  claim: FairRoundClaim,
  rules: FairRoundRules = defaultTableRules('rng'),
): FairRoundReport {
  const check = checkFairClaim(claim);
  const { shoe, outcome, drawn } = dealFairRound(check, rules);
  const text = (cards: readonly Card[]) => cards.map(cardToText);
  return {
    scheme: FAIR_SCHEME,
    ...check,
    decks: rules.decks,
    dealOrder: rules.dealOrder ?? 'alternate',
    drawn: text(drawn),
    cards: text(outcome.cards),
    playerCards: text(outcome.playerCards),
    bankerCards: text(outcome.bankerCards),
    playerTotal: outcome.playerTotal,
    bankerTotal: outcome.bankerTotal,
    winner: outcome.winner,
    playerNatural: outcome.playerNatural,
    bankerNatural: outcome.bankerNatural,
    playerPair: outcome.playerPair,
    bankerPair: outcome.bankerPair,
    shoe: { commitment: shoe.commitment(), reveal: shoe.reveal() },
  };
}
