import { BACCARAT_BET_TYPES, BaccaratBetType } from './bet-types';
import { BaccaratError } from './errors';
import { BaccaratWinner, LuckySix, SettlementFacts } from './outcome';
import { PayTableName } from './pay-table';
import { classifyBet, returnPerUnitTable } from './settle';
import { BANKER_DRAW_LOOKUP } from './third-card';

/**
 * Exact baccarat math by enumeration over rank compositions, not permutations of 416 cards.
 *
 * The first four cards are enumerated by rank (13^4 prefixes; the pairs need ranks, J+Q is no pair), the third
 * cards by point value (10 classes; T/J/Q/K merge into 0). Each sequence is weighted by the number of ways to
 * draw it from the remaining counts, extended to six positions (a round that stops after four cards stands for
 * (N−4)(N−5) six-card sequences), so every weight is an integer and they sum to N(N−1)…(N−5) — about 5·10^15 for
 * 8 decks, below 2^53, so the sums are exact in doubles. Suits never matter.
 */

const WINNERS: readonly BaccaratWinner[] = ['player', 'banker', 'tie'];
/** winner × banker total × banker card count (2|3) × playerPair × bankerPair × playerNatural × bankerNatural. */
const BUCKETS = 3 * 10 * 2 * 16;

export interface ExactOutcomeCounts {
  decks: number;
  /** N(N−1)(N−2)(N−3)(N−4)(N−5) with N = 52 × decks: the sum of all weights. */
  total: number;
  /** Weights by bucket; see `bucketFacts`. */
  weights: Float64Array;
}

export function exactOutcomeCounts(decks: number): ExactOutcomeCounts {
  if (!Number.isInteger(decks) || decks < 1 || decks > 8) {
    throw new BaccaratError('INVALID_DECKS', `decks must be an integer 1..8, got ${decks}`);
  }
  const n = 52 * decks;
  const rankCounts = new Int32Array(14).fill(4 * decks);
  const valueCounts = new Float64Array(10);
  const weights = new Float64Array(BUCKETS);
  const afterFour = (n - 4) * (n - 5);
  const afterFive = n - 5;

  for (let r1 = 1; r1 <= 13; r1++) {
    const w1 = rankCounts[r1]--;
    for (let r2 = 1; r2 <= 13; r2++) {
      const w2 = rankCounts[r2];
      if (w2 === 0) continue;
      rankCounts[r2]--;
      for (let r3 = 1; r3 <= 13; r3++) {
        const w3 = rankCounts[r3];
        if (w3 === 0) continue;
        rankCounts[r3]--;
        for (let r4 = 1; r4 <= 13; r4++) {
          const w4 = rankCounts[r4];
          if (w4 === 0) continue;
          rankCounts[r4]--;
          const weight = w1 * w2 * w3 * w4;
          const playerTotal = (value(r1) + value(r3)) % 10;
          const bankerTotal = (value(r2) + value(r4)) % 10;
          const flags =
            (r1 === r3 ? 8 : 0) |
            (r2 === r4 ? 4 : 0) |
            (playerTotal >= 8 ? 2 : 0) |
            (bankerTotal >= 8 ? 1 : 0);
          if (playerTotal >= 8 || bankerTotal >= 8) {
            add(weights, playerTotal, bankerTotal, 2, flags, weight * afterFour);
          } else if (playerTotal <= 5) {
            fillValueCounts(rankCounts, valueCounts);
            for (let v5 = 0; v5 <= 9; v5++) {
              const c5 = valueCounts[v5];
              if (c5 === 0) continue;
              const player = (playerTotal + v5) % 10;
              if (BANKER_DRAW_LOOKUP[bankerTotal * 10 + v5] === 1) {
                valueCounts[v5]--;
                for (let v6 = 0; v6 <= 9; v6++) {
                  const c6 = valueCounts[v6];
                  if (c6 !== 0) add(weights, player, (bankerTotal + v6) % 10, 3, flags, weight * c5 * c6);
                }
                valueCounts[v5]++;
              } else {
                add(weights, player, bankerTotal, 2, flags, weight * c5 * afterFive);
              }
            }
          } else if (bankerTotal <= 5) {
            fillValueCounts(rankCounts, valueCounts);
            for (let v5 = 0; v5 <= 9; v5++) {
              const c5 = valueCounts[v5];
              if (c5 !== 0)
                add(weights, playerTotal, (bankerTotal + v5) % 10, 3, flags, weight * c5 * afterFive);
            }
          } else {
            add(weights, playerTotal, bankerTotal, 2, flags, weight * afterFour);
          }
          rankCounts[r4]++;
        }
        rankCounts[r3]++;
      }
      rankCounts[r2]++;
    }
    rankCounts[r1]++;
  }
  return { decks, total: n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5), weights };
}

function value(rank: number): number {
  return rank >= 10 ? 0 : rank;
}

function fillValueCounts(rankCounts: Int32Array, valueCounts: Float64Array): void {
  valueCounts[0] = rankCounts[10] + rankCounts[11] + rankCounts[12] + rankCounts[13];
  for (let v = 1; v <= 9; v++) valueCounts[v] = rankCounts[v];
}

function add(
  weights: Float64Array,
  playerTotal: number,
  bankerTotal: number,
  bankerCards: 2 | 3,
  flags: number,
  weight: number,
): void {
  const winner = playerTotal > bankerTotal ? 0 : bankerTotal > playerTotal ? 1 : 2;
  weights[((winner * 10 + bankerTotal) * 2 + (bankerCards - 2)) * 16 + flags] += weight;
}

/** The settlement facts every outcome in a bucket shares. */
export function bucketFacts(bucket: number): SettlementFacts {
  const flags = bucket % 16;
  const bankerCards = ((bucket >> 4) % 2) + 2;
  const bankerTotal = Math.floor(bucket / 32) % 10;
  const winner = WINNERS[Math.floor(bucket / 320)];
  const luckySix: LuckySix =
    winner === 'banker' && bankerTotal === 6 ? (bankerCards === 2 ? 'two-cards' : 'three-cards') : 'none';
  return {
    winner,
    bankerTotal,
    playerPair: (flags & 8) !== 0,
    bankerPair: (flags & 4) !== 0,
    playerNatural: (flags & 2) !== 0,
    bankerNatural: (flags & 1) !== 0,
    luckySix,
  };
}

export interface BetReturn {
  /** Expected amount returned per unit staked (a push returns the stake). */
  rtp: number;
  houseEdge: number;
}

export interface ExactBaccaratReport {
  game: 'baccarat';
  decks: number;
  variant: string;
  probabilities: Record<BaccaratWinner, number>;
  bets: Record<BaccaratBetType, BetReturn>;
}

/**
 * Exact probabilities and return per bet, settled through `classifyBet` and the pay table, i.e. the same rules
 * that settle real bets.
 */
export function exactBaccaratReturns(
  decks: number,
  payTable: PayTableName,
  variant: string = payTable,
  counts: ExactOutcomeCounts = exactOutcomeCounts(decks),
): ExactBaccaratReport {
  const perUnit = returnPerUnitTable(payTable);
  const winnerWeights = [0, 0, 0];
  const returns = new Float64Array(BACCARAT_BET_TYPES.length);
  for (let bucket = 0; bucket < BUCKETS; bucket++) {
    const weight = counts.weights[bucket];
    if (weight === 0) continue;
    const p = weight / counts.total;
    const facts = bucketFacts(bucket);
    winnerWeights[WINNERS.indexOf(facts.winner)] += weight;
    BACCARAT_BET_TYPES.forEach((type, i) => {
      returns[i] += p * perUnit[classifyBet(type, facts) + 2];
    });
  }
  const probabilities = {
    player: winnerWeights[0] / counts.total,
    banker: winnerWeights[1] / counts.total,
    tie: winnerWeights[2] / counts.total,
  };
  const bets = Object.fromEntries(
    BACCARAT_BET_TYPES.map((type, i) => [type, { rtp: returns[i], houseEdge: 1 - returns[i] }]),
  ) as Record<BaccaratBetType, BetReturn>;
  return { game: 'baccarat', decks, variant, probabilities, bets };
}
