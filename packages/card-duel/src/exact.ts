import { CARDS_PER_DECK } from '@casino/cards';
import { BetMoments, ExactFigure, Ratio, ratio, ratioSub, ratioToNumber } from '@casino/game-kit';
import { duelRound, DuelWinner } from './duel';
import { DuelGameRules, duelReturnTimesTwo } from './pay-table';

/** The four things a round can decide for the bets: who wins, and for a tie whether it is suited. */
export const DUEL_OUTCOMES = ['first', 'second', 'tie', 'suitedTie'] as const;
export type DuelOutcome = (typeof DUEL_OUTCOMES)[number];

export interface DuelOutcomeCounts {
  decks: number;
  /** Ordered two-card draws from the shoe: N(N−1), N = 52 × decks. */
  total: bigint;
  /** Draws per outcome (`tie` counts the ties that are not suited); they sum to `total`. */
  counts: Readonly<Record<DuelOutcome, bigint>>;
}

/**
 * Every ordered pair of cards from a full shoe of `decks` decks, by card identity (rank and suit): 52 × 52 pairs,
 * each weighted by the ways to draw it, d·d for two different cards and d·(d−1) for the same card twice. Exact
 * integers; suits matter only to the suited tie.
 */
export function duelOutcomeCounts(decks: number, ace: DuelGameRules['ace']): DuelOutcomeCounts {
  if (!Number.isInteger(decks) || decks < 1 || decks > 8) {
    throw new RangeError(`decks must be an integer 1..8, got ${decks}`);
  }
  const d = BigInt(decks);
  const counts: Record<DuelOutcome, bigint> = { first: 0n, second: 0n, tie: 0n, suitedTie: 0n };
  for (let a = 0; a < CARDS_PER_DECK; a++) {
    for (let b = 0; b < CARDS_PER_DECK; b++) {
      const weight = a === b ? d * (d - 1n) : d * d;
      const round = duelRound(a, b, ace);
      counts[outcomeOf(round.winner, round.suited)] += weight;
    }
  }
  const n = BigInt(CARDS_PER_DECK) * d;
  return { decks, total: n * (n - 1n), counts };
}

function outcomeOf(winner: DuelWinner, suited: boolean): DuelOutcome {
  return suited ? 'suitedTie' : winner;
}

/** The round facts an outcome stands for. */
export function outcomeFacts(outcome: DuelOutcome): { winner: DuelWinner; suited: boolean } {
  return outcome === 'suitedTie' ? { winner: 'tie', suited: true } : { winner: outcome, suited: false };
}

export interface ExactDuelReport<K extends string = string> {
  game: string;
  decks: number;
  /** Probability of each outcome (a suited tie is not counted under `tie`). */
  probabilities: Readonly<Record<DuelOutcome, Ratio>>;
  /** Each bet's exact figure (one bet per key: `betsEnumerated` 1). */
  bets: ReadonlyMap<K, ExactFigure>;
}

/** The exact return and variance of every bet of the game, by enumeration of the two-card draws. */
export function exactDuelReturns<K extends string>(rules: DuelGameRules<K>): ExactDuelReport<K> {
  const { total, counts } = duelOutcomeCounts(rules.decks, rules.ace);
  const bets = new Map<K, ExactFigure>();
  for (const key of rules.betKeys) {
    const line = rules.payTable[key];
    // Sums of 2r and (2r)² weighted by draws: E[r] = s1 / 2T, E[r²] = s2 / 4T.
    let s1 = 0n;
    let s2 = 0n;
    for (const outcome of DUEL_OUTCOMES) {
      const twice = duelReturnTimesTwo(line, outcomeFacts(outcome));
      s1 += counts[outcome] * twice;
      s2 += counts[outcome] * twice * twice;
    }
    // Var = s2/4T − s1²/4T² = (s2·T − s1²) / 4T².
    const rtp = ratio(s1, 2n * total);
    bets.set(key, {
      rtp,
      houseEdge: ratioSub(ratio(1n), rtp),
      variance: ratio(s2 * total - s1 * s1, 4n * total * total),
      betsEnumerated: 1,
      allBetsEqual: true,
    });
  }
  const probabilities = Object.fromEntries(DUEL_OUTCOMES.map((o) => [o, ratio(counts[o], total)])) as Record<
    DuelOutcome,
    Ratio
  >;
  return { game: rules.id, decks: rules.decks, probabilities, bets };
}

const momentsCache = new Map<string, Map<string, BetMoments>>();

/** Each bet's exact return and variance as numbers (the back office's theoretical RTP), computed once per game. */
export function duelMoments(rules: DuelGameRules): Map<string, BetMoments> {
  let cached = momentsCache.get(rules.id);
  if (!cached) {
    const report = exactDuelReturns(rules);
    cached = new Map(
      rules.betKeys.map((key) => {
        const bet = report.bets.get(key) as ExactFigure;
        return [key, { rtp: ratioToNumber(bet.rtp), variance: ratioToNumber(bet.variance) }];
      }),
    );
    momentsCache.set(rules.id, cached);
  }
  return cached;
}
