import { BetMoments, defineGame, SettledBet } from '@casino/game-kit';
import { ROULETTE_BET_TYPES, RouletteBetType } from './bet';
import { MAX_COVERED_NUMBERS } from './coverage';
import { allBetsOfType } from './enumerate';
import { DEFAULT_TABLE_LIMITS } from './limits';
import { CompiledBet, compileBet, settleBet, settleCompiledBet } from './settle';
import { spinProblem } from './spin';
import { validateBet } from './validate';
import { POCKET_COUNT } from './wheel';
import { PAYOUT_RATIO } from './winning';
import { rouletteBetSchema, rouletteResultSchema, rouletteTableSchema } from './game-wire';

let momentsCache: Map<string, BetMoments> | undefined;

/** Each bet type settled by the engine against the 37 equally likely pockets. */
export function rouletteMoments(): Map<string, BetMoments> {
  if (momentsCache) return momentsCache;
  momentsCache = new Map(
    ROULETTE_BET_TYPES.map((type: RouletteBetType) => {
      const bet = allBetsOfType(type)[0];
      let m1 = 0;
      let m2 = 0;
      for (let pocket = 0; pocket < POCKET_COUNT; pocket++) {
        const r = Number(settleBet(bet, 1n, pocket).returned);
        m1 += r / POCKET_COUNT;
        m2 += (r * r) / POCKET_COUNT;
      }
      return [type, { rtp: m1, variance: m2 - m1 * m1 }];
    }),
  );
  return momentsCache;
}

/** European single-zero roulette as the platform sees it (docs/rules/roulette.md). */
export const rouletteGame = defineGame({
  id: 'roulette',
  title: 'Roulette',
  service: 'roulette',
  tablePrefix: 'rou',
  betSpecSchema: rouletteBetSchema,
  resultSchema: rouletteResultSchema,
  tableConfigSchema: rouletteTableSchema,
  tableConfigProblems: () => [],
  defaultTableConfig: {
    game: 'roulette',
    limits: Object.fromEntries(
      Object.entries(DEFAULT_TABLE_LIMITS).map(([k, l]) => [k, { min: String(l.min), max: String(l.max) }]),
    ),
  },
  limitKeys: ROULETTE_BET_TYPES,
  limitKey: (bet) => bet.spec.type,
  spotKey(bet) {
    const spec = bet.spec;
    if ('numbers' in spec) return `${spec.type}:${[...spec.numbers].sort((a, b) => a - b).join('-')}`;
    if ('column' in spec) return `column:${spec.column}`;
    if ('dozen' in spec) return `dozen:${spec.dozen}`;
    return spec.type;
  },
  /** The engine checks that the numbers form the named shape on the layout; the coverage restriction counts them. */
  checkBet(bet) {
    const valid = validateBet(bet.spec);
    return valid.ok ? { ok: true, numbers: valid.numbers } : { ok: false, message: valid.message };
  },
  cutoffProblem: () => null,
  maxReturn: (bet) => ({ num: BigInt(PAYOUT_RATIO[bet.spec.type] + 1), den: 1n }),
  /**
   * Every payout from the pocket (bets compiled once per distinct spec). A spin the engine does not count
   * (docs/rules/roulette.md#no-spin) pays nothing.
   */
  settle(_config, result, bets) {
    const noSpin = spinProblem(result);
    if (noSpin) return { ok: false, ...noSpin };
    const compiled = new Map<string, CompiledBet>();
    const items: SettledBet[] = [];
    for (const bet of bets) {
      if (bet.spec.game !== 'roulette') throw new Error(`bet ${bet.betId} is not a roulette bet`);
      const specKey = JSON.stringify(bet.spec.spec);
      let c = compiled.get(specKey);
      if (!c) {
        const valid = validateBet(bet.spec.spec);
        if (!valid.ok) throw new Error(`accepted bet ${bet.betId} is invalid: ${valid.message}`);
        compiled.set(specKey, (c = compileBet(valid.bet)));
      }
      const s = settleCompiledBet(c, bet.stake, result.pocket);
      items.push({ betId: bet.betId, returned: s.returned, outcome: s.result });
    }
    return { ok: true, items };
  },
  consumedCards: { kind: 'none', reason: 'roulette deals no cards: a spin consumes nothing from a shoe' },
  exactReturn: { kind: 'exact', moments: (limitKey) => rouletteMoments().get(limitKey) },
  restrictionRules: [
    {
      id: 'roulette-coverage',
      game: 'roulette',
      kind: 'max-coverage',
      scope: 'player-round',
      maxNumbers: MAX_COVERED_NUMBERS,
      description: "a player's bets may not cover more than 92% of the numbers (34 of 37)",
    },
  ],
  automaticDraw: { kind: 'none', reason: "roulette-service's own machine spins its tables" },
  layout: {
    kind: 'none',
    reason: "its own table view draws the wheel and its layout: apps/player-web's tables/roulette",
  },
});
