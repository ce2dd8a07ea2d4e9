import { CardError, parseCards } from '@casino/cards';
import { BetMoments, defineGame, Ratio, SettledBet } from '@casino/game-kit';
import { BACCARAT_BET_TYPES, BaccaratBetType } from './bet-types';
import { BaccaratError } from './errors';
import { bucketFacts, exactOutcomeCounts, ExactOutcomeCounts } from './exact';
import { outcomeFromCards } from './round';
import { PAY_TABLE_NAMES, PAY_TABLES, PayLine, PayTableName } from './pay-table';
import { classifyBet, returnPerUnitTable, settleBet } from './settle';
import { DEFAULT_SIDE_BET_LAST_ROUND, defaultTableRules, sideBetCutoffProblem } from './table-rules';
import { baccaratBetSchema, baccaratResultSchema, baccaratTableSchema } from './game-wire';

/** The pay lines each baccarat bet can win on (docs/rules/baccarat.md#bets-and-payouts). */
const BACCARAT_LINES: Readonly<Record<BaccaratBetType, readonly PayLine[]>> = {
  player: ['player'],
  banker: ['banker', 'bankerOnSix'],
  tie: ['tie'],
  playerPair: ['playerPair'],
  bankerPair: ['bankerPair'],
  luckySix: ['luckySixTwoCards', 'luckySixThreeCards'],
  playerNatural: ['playerNatural'],
  bankerNatural: ['bankerNatural'],
};

/** The largest line of either pay table: a table's pay table may change between shoes. */
function largestReturn(type: BaccaratBetType): Ratio {
  let best: Ratio = { num: 1n, den: 1n };
  for (const table of Object.values(PAY_TABLES))
    for (const line of BACCARAT_LINES[type]) {
      const r = { num: table[line].numerator + table[line].denominator, den: table[line].denominator };
      if (r.num * best.den > best.num * r.den) best = r;
    }
  return best;
}

/** Live baccarat tables deal 8 decks (docs/rules/baccarat.md); the catalogue does not name the decks. */
export const BACCARAT_DECKS = 8;

let baccaratCounts: ExactOutcomeCounts | undefined;
const momentsCache = new Map<PayTableName, Map<string, BetMoments>>();

/** The engine's exact enumeration of the shoe (outcome weights) and its own pay table, bet by bet. */
export function baccaratMoments(payTable: PayTableName): Map<string, BetMoments> {
  const cached = momentsCache.get(payTable);
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
  momentsCache.set(payTable, out);
  return out;
}

const defaults = defaultTableRules('commission');

/** Baccarat as the platform sees it (docs/rules/baccarat.md). */
export const baccaratGame = defineGame({
  id: 'baccarat',
  title: 'Baccarat',
  service: 'baccarat',
  tablePrefix: 'bac',
  betSpecSchema: baccaratBetSchema,
  resultSchema: baccaratResultSchema,
  tableConfigSchema: baccaratTableSchema,
  tableConfigProblems: () => [],
  defaultTableConfig: {
    game: 'baccarat',
    limits: Object.fromEntries(
      Object.entries(defaults.limits).flatMap(([k, l]) =>
        l ? [[k, { min: String(l.min), max: String(l.max) }]] : [],
      ),
    ),
    payTable: defaults.payTable,
    maxDifference: String(defaults.maxPlayerBankerDifference),
    roundInShoe: 1,
  },
  limitKeys: BACCARAT_BET_TYPES,
  limitKey: (bet) => bet.type,
  spotKey: (bet) => bet.type,
  checkBet: () => ({ ok: true }),
  /**
   * The engine's side-bet cut-off. A table's own last rounds override the engine's per bet type, as the service's
   * table settings do: a type the table leaves out keeps the default (docs/rules/baccarat.md#side-bet-cut-offs).
   */
  cutoffProblem(config, limitKey) {
    const lastRounds = { ...DEFAULT_SIDE_BET_LAST_ROUND, ...config.sideBetLastRound };
    return sideBetCutoffProblem(limitKey, config.roundInShoe, lastRounds)?.message ?? null;
  },
  maxReturn: (bet) => largestReturn(bet.type),
  /** Every payout from the cards in deal order, with the engine's outcome and the table's pay table. */
  settle(config, result, bets) {
    let outcome;
    try {
      outcome = outcomeFromCards(parseCards(result.cards));
    } catch (err) {
      if (err instanceof BaccaratError || err instanceof CardError) {
        return { ok: false, code: 'INVALID_RESULT', message: `${err.code}: ${err.message}` };
      }
      throw err;
    }
    const items: SettledBet[] = bets.map((bet) => {
      if (bet.spec.game !== 'baccarat') throw new Error(`bet ${bet.betId} is not a baccarat bet`);
      const s = settleBet(bet.spec.type, bet.stake, outcome, config.payTable);
      return { betId: bet.betId, returned: s.returned, outcome: s.result };
    });
    return { ok: true, items };
  },
  consumedCards: { kind: 'cards', cards: (result) => result.cards },
  exactReturn: {
    kind: 'exact',
    moments(limitKey, settings) {
      const pt = settings?.payTable;
      const payTable = (PAY_TABLE_NAMES as readonly unknown[]).includes(pt)
        ? (pt as PayTableName)
        : 'commission';
      return baccaratMoments(payTable).get(limitKey);
    },
  },
  restrictionRules: [
    {
      id: 'baccarat-player-banker',
      game: 'baccarat',
      kind: 'exclusive',
      scope: 'player-round',
      keys: ['player', 'banker'],
      description: 'no bets on both Player and Banker in the same round',
    },
    {
      id: 'baccarat-max-difference',
      game: 'baccarat',
      kind: 'max-difference',
      scope: 'table-round',
      keys: ['player', 'banker'],
      description: "|total on Player − total on Banker| may not exceed the table's maximum difference",
    },
    {
      id: 'baccarat-table-total',
      game: 'baccarat',
      kind: 'table-total',
      scope: 'table-round',
      description: 'tie and side bets: their maximum applies to the table as a whole',
    },
  ],
  automaticDraw: {
    kind: 'none',
    reason: "baccarat-service's own machine deals RNG tables (docs/baccarat.md)",
  },
  layout: {
    kind: 'none',
    reason: "its own table view draws it (squeezes, side bets, roads): apps/player-web's tables/baccarat",
  },
});
