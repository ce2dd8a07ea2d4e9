import {
  BACCARAT_BET_TYPES,
  BaccaratBetType,
  bucketFacts,
  classifyBet,
  exactOutcomeCounts,
  ExactOutcomeCounts,
  PAY_TABLE_NAMES,
  PayTableName,
  returnPerUnitTable,
} from '@casino/baccarat';
import { allBetsOfType, ROULETTE_BET_TYPES, RouletteBetType, settleBet } from '@casino/roulette';

/** A bet kind's exact return per unit staked and the variance of that return (per unit², a bet of stake 1). */
export interface BetMoments {
  rtp: number;
  variance: number;
}

/** Live baccarat tables deal 8 decks (docs/rules/baccarat.md); the catalogue does not name the decks. */
export const BACCARAT_DECKS = 8;

let baccaratCounts: ExactOutcomeCounts | undefined;
const baccaratCache = new Map<PayTableName, Map<string, BetMoments>>();

/** Baccarat: the engine's exact enumeration of the shoe (outcome weights) and its own pay table, bet by bet. */
export function baccaratMoments(payTable: PayTableName): Map<string, BetMoments> {
  const cached = baccaratCache.get(payTable);
  if (cached) return cached;
  baccaratCounts ??= exactOutcomeCounts(BACCARAT_DECKS);
  const counts = baccaratCounts;
  const perUnit = returnPerUnitTable(payTable);
  const m1 = new Float64Array(BACCARAT_BET_TYPES.length);
  const m2 = new Float64Array(BACCARAT_BET_TYPES.length);
  for (let bucket = 0; bucket < counts.weights.length; bucket++) {
    const weight = counts.weights[bucket];
    if (weight === 0) continue;
    const p = weight / counts.total;
    const facts = bucketFacts(bucket);
    BACCARAT_BET_TYPES.forEach((type: BaccaratBetType, i) => {
      const r = perUnit[classifyBet(type, facts) + 2];
      m1[i] += p * r;
      m2[i] += p * r * r;
    });
  }
  const out = new Map<string, BetMoments>(
    BACCARAT_BET_TYPES.map((t, i) => [t, { rtp: m1[i], variance: m2[i] - m1[i] * m1[i] }]),
  );
  baccaratCache.set(payTable, out);
  return out;
}

let rouletteCache: Map<string, BetMoments> | undefined;

/** Roulette: each bet type settled by the engine against the 37 equally likely pockets. */
export function rouletteMoments(): Map<string, BetMoments> {
  if (rouletteCache) return rouletteCache;
  rouletteCache = new Map(
    ROULETTE_BET_TYPES.map((type: RouletteBetType) => {
      const bet = allBetsOfType(type)[0];
      let m1 = 0;
      let m2 = 0;
      for (let pocket = 0; pocket < 37; pocket++) {
        const r = Number(settleBet(bet, 1n, pocket).returned);
        m1 += r / 37;
        m2 += (r * r) / 37;
      }
      return [type, { rtp: m1, variance: m2 - m1 * m1 }];
    }),
  );
  return rouletteCache;
}

/**
 * The exact moments of a bet kind at a table, or undefined where no exact figure exists (blackjack: its return
 * depends on the players' decisions; `npm run rtp -- blackjack` simulates basic strategy only).
 */
export function theoreticalMoments(
  game: string,
  betKind: string,
  settings: { payTable?: unknown } | null,
): BetMoments | undefined {
  if (game === 'roulette') return rouletteMoments().get(betKind);
  if (game === 'baccarat') {
    const pt = settings?.payTable;
    const payTable = (PAY_TABLE_NAMES as readonly unknown[]).includes(pt)
      ? (pt as PayTableName)
      : 'commission';
    return baccaratMoments(payTable).get(betKind);
  }
  return undefined;
}
