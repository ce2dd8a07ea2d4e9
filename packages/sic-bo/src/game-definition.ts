import { defineGame, SettledBet } from '@casino/game-kit';
import { SIC_BO_LIMIT_KEYS, sicBoLimitKey, sicBoSpotKey } from './bet';
import { allDice, diceProblem, SicBoDice } from './dice';
import { allSicBoBets, sicBoMoments } from './exact';
import { fairDice, SIC_BO_FAIR_SCHEME } from './fair-round';
import { sicBoBetSchema, sicBoResultSchema, sicBoTableSchema } from './game-wire';
import { DEFAULT_SIC_BO_PAY_TABLE, isSicBoPayTable, SIC_BO_PAY_TABLES } from './pay-table';
import { maxReturnPerUnit, settleSicBoBet } from './settle';
import { validateSicBoBet } from './validate';

/** A new table's limits per bet, in minor units: even-money bets higher, long odds lower. */
const DEFAULT_LIMITS: Readonly<Record<string, { min: string; max: string }>> = Object.fromEntries(
  SIC_BO_LIMIT_KEYS.map((key) => {
    const max = ['small', 'big', 'odd', 'even'].includes(key)
      ? '500000'
      : key === 'triple'
        ? '5000'
        : '50000';
    return [key, { min: '100', max }];
  }),
);

/** Sic Bo, three dice (docs/rules/sic-bo.md). */
export const sicBoGame = defineGame({
  id: 'sicBo',
  title: 'Sic Bo',
  service: 'studio-games',
  tablePrefix: 'sb',
  betSpecSchema: sicBoBetSchema,
  resultSchema: sicBoResultSchema,
  tableConfigSchema: sicBoTableSchema,
  tableConfigProblems: () => [],
  defaultTableConfig: { game: 'sicBo', limits: DEFAULT_LIMITS, payTable: 'standard' },
  limitKeys: SIC_BO_LIMIT_KEYS,
  limitKey: (bet) => {
    const valid = validateSicBoBet(bet.spec);
    // An invalid bet is refused by checkBet; its key is still its type's.
    return valid.ok ? sicBoLimitKey(valid.bet) : bet.spec.type;
  },
  spotKey: (bet) => {
    const valid = validateSicBoBet(bet.spec);
    return valid.ok ? sicBoSpotKey(valid.bet) : bet.spec.type;
  },
  checkBet(bet) {
    const valid = validateSicBoBet(bet.spec);
    return valid.ok ? { ok: true } : { ok: false, message: valid.message };
  },
  cutoffProblem: () => null,
  maxReturn(bet, config) {
    const valid = validateSicBoBet(bet.spec);
    if (!valid.ok) throw new Error(`not a Sic Bo bet: ${valid.message}`);
    return { num: BigInt(maxReturnPerUnit(valid.bet, SIC_BO_PAY_TABLES[config.payTable])), den: 1n };
  },
  /**
   * Every bet from the three faces. An automatic table's result carries its revealed seeds: dice the seeds do not
   * give are RESULT_MISMATCH and pay nothing.
   */
  settle(config, result, bets) {
    const problem = diceProblem(result.dice);
    if (problem) return { ok: false, code: 'INVALID_RESULT', message: problem };
    const dice = result.dice as unknown as SicBoDice;
    if (result.fair) {
      const drawn = fairDice(result.fair);
      if (drawn.some((d, i) => d !== dice[i])) {
        return {
          ok: false,
          code: 'RESULT_MISMATCH',
          message: `the revealed seeds give ${drawn.join('-')}, not ${dice.join('-')}`,
        };
      }
    }
    const pay = SIC_BO_PAY_TABLES[config.payTable];
    const items: SettledBet[] = bets.map((bet) => {
      if (bet.spec.game !== 'sicBo') throw new Error(`bet ${bet.betId} is not a Sic Bo bet`);
      const valid = validateSicBoBet(bet.spec.spec);
      if (!valid.ok) throw new Error(`accepted bet ${bet.betId} is invalid: ${valid.message}`);
      return { betId: bet.betId, ...settleSicBoBet(valid.bet, bet.stake, dice, pay) };
    });
    return { ok: true, items };
  },
  consumedCards: { kind: 'none', reason: 'Sic Bo shakes three dice: a round consumes no cards' },
  exactReturn: {
    kind: 'exact',
    moments: (limitKey, settings) => {
      const name = settings?.payTable ?? DEFAULT_SIC_BO_PAY_TABLE;
      return isSicBoPayTable(name) ? sicBoMoments(limitKey, name) : undefined;
    },
  },
  restrictionRules: [
    {
      id: 'sicbo-big-small',
      game: 'sicBo',
      kind: 'exclusive',
      scope: 'player-round',
      keys: ['big', 'small'],
      description: 'no Big and Small together',
    },
    {
      id: 'sicbo-odd-even',
      game: 'sicBo',
      kind: 'exclusive',
      scope: 'player-round',
      keys: ['odd', 'even'],
      description: 'no Odd and Even together',
    },
  ],
  automaticDraw: {
    kind: 'seeded',
    scheme: SIC_BO_FAIR_SCHEME,
    result(_config, seeds) {
      const [a, b, c] = fairDice(seeds);
      const dice: [number, number, number] = [a, b, c];
      return { game: 'sicBo' as const, dice, fair: seeds };
    },
  },
  layout: {
    kind: 'dice',
    // The engine's bets in their wire form (mutable tuples), as a player sends them.
    bets: () => allSicBoBets().map((spec) => sicBoBetSchema.parse({ game: 'sicBo', spec })),
    results: () =>
      allDice().map(([a, b, c]) => ({ game: 'sicBo' as const, dice: [a, b, c] as [number, number, number] })),
    sides: null,
  },
});
