import { defineGame, ratio, SettledBet } from '@casino/game-kit';
import { FAN_TAN_LIMIT_KEYS, FAN_TAN_NUMBERS, FanTanNumber, fanTanSpotKey } from './bet';
import { beadCountProblem, beadRangeProblem, resultOfCount } from './beads';
import { allFanTanBets, fanTanMoments } from './exact';
import { FAN_TAN_FAIR_SCHEME, fairBeadCount } from './fair-round';
import { fanTanBetSchema, fanTanResultSchema, fanTanTableSchema } from './game-wire';
import { DEFAULT_FAN_TAN_PAY_TABLE, FAN_TAN_PAY_TABLES, isFanTanPayTable } from './pay-table';
import { maxReturnRatio, settleFanTanBet } from './settle';
import { validateFanTanBet } from './validate';

/** A new table's limits per bet kind, in minor units. */
const DEFAULT_LIMITS = Object.fromEntries(
  FAN_TAN_LIMIT_KEYS.map((key) => [key, { min: '100', max: key === 'fan' ? '100000' : '200000' }]),
);

/** Fan Tan, beads under a cup (docs/rules/fan-tan.md). */
export const fanTanGame = defineGame({
  id: 'fanTan',
  title: 'Fan Tan',
  service: 'studio-games',
  tablePrefix: 'ft',
  betSpecSchema: fanTanBetSchema,
  resultSchema: fanTanResultSchema,
  tableConfigSchema: fanTanTableSchema,
  tableConfigProblems(config) {
    const problem = beadRangeProblem(config.beadRange);
    return problem ? [{ setting: 'beadRange', message: problem }] : [];
  },
  defaultTableConfig: {
    game: 'fanTan',
    limits: DEFAULT_LIMITS,
    payTable: 'standard',
    beadRange: { min: 40, max: 139 },
  },
  limitKeys: FAN_TAN_LIMIT_KEYS,
  limitKey: (bet) => bet.spec.type,
  spotKey: (bet) => {
    const valid = validateFanTanBet(bet.spec);
    return valid.ok ? fanTanSpotKey(valid.bet) : bet.spec.type;
  },
  checkBet(bet) {
    const valid = validateFanTanBet(bet.spec);
    return valid.ok ? { ok: true } : { ok: false, message: valid.message };
  },
  cutoffProblem: () => null,
  maxReturn(bet, config) {
    const valid = validateFanTanBet(bet.spec);
    if (!valid.ok) throw new Error(`not a Fan Tan bet: ${valid.message}`);
    const max = maxReturnRatio(valid.bet, FAN_TAN_PAY_TABLES[config.payTable]);
    return ratio(max.num, max.den);
  },
  /**
   * Every bet from the bead result. A count outside the table's range, a result that is not the count's
   * remainder, or (automatic table) a count the revealed seeds do not give pays nothing.
   */
  settle(config, result, bets) {
    const countProblem = beadCountProblem(result.count, config.beadRange);
    if (countProblem) return { ok: false, code: 'INVALID_RESULT', message: countProblem };
    if (result.result !== resultOfCount(result.count)) {
      return {
        ok: false,
        code: 'INVALID_RESULT',
        message: `${result.count} beads leave ${resultOfCount(result.count)}, not ${result.result}`,
      };
    }
    if (result.fair) {
      const drawn = fairBeadCount(result.fair, config.beadRange);
      if (drawn !== result.count) {
        return {
          ok: false,
          code: 'RESULT_MISMATCH',
          message: `the revealed seeds give ${drawn} beads, not ${result.count}`,
        };
      }
    }
    const pay = FAN_TAN_PAY_TABLES[config.payTable];
    const items: SettledBet[] = bets.map((bet) => {
      if (bet.spec.game !== 'fanTan') throw new Error(`bet ${bet.betId} is not a Fan Tan bet`);
      const valid = validateFanTanBet(bet.spec.spec);
      if (!valid.ok) throw new Error(`accepted bet ${bet.betId} is invalid: ${valid.message}`);
      return {
        betId: bet.betId,
        ...settleFanTanBet(valid.bet, bet.stake, result.result as FanTanNumber, pay),
      };
    });
    return { ok: true, items };
  },
  consumedCards: { kind: 'none', reason: 'Fan Tan counts beads: a round consumes no cards' },
  exactReturn: {
    kind: 'exact',
    moments: (limitKey, settings) => {
      const name = settings?.payTable ?? DEFAULT_FAN_TAN_PAY_TABLE;
      return isFanTanPayTable(name) ? fanTanMoments(limitKey, name) : undefined;
    },
  },
  restrictionRules: [
    {
      id: 'fan-tan-bonus',
      game: 'fanTan',
      kind: 'no-bonus-funds',
      scope: 'player',
      description: 'bonus funds may not be wagered',
    },
  ],
  automaticDraw: {
    kind: 'seeded',
    scheme: FAN_TAN_FAIR_SCHEME,
    result(config, seeds) {
      const count = fairBeadCount(seeds, config.beadRange);
      return { game: 'fanTan' as const, count, result: resultOfCount(count), fair: seeds };
    },
  },
  layout: {
    kind: 'beads',
    // The engine's bets in their wire form (mutable tuples), as a player sends them.
    bets: () => allFanTanBets().map((spec) => fanTanBetSchema.parse({ game: 'fanTan', spec })),
    // One count of the table's range for each result (1..4): what a count leaves is the result.
    results: (config) =>
      FAN_TAN_NUMBERS.map((_, i) => {
        const count = config.beadRange.min + i;
        return { game: 'fanTan' as const, count, result: resultOfCount(count) };
      }),
    sides: null,
  },
});
