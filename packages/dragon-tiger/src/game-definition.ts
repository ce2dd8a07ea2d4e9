import {
  duelAutomaticDraw,
  duelLayout,
  duelMaxReturn,
  duelMoments,
  settleDuelRound,
} from '@casino/card-duel';
import { defineGame } from '@casino/game-kit';
import { DRAGON_TIGER, DRAGON_TIGER_BET_TYPES } from './rules';
import { dragonTigerBetSchema, dragonTigerResultSchema, dragonTigerTableSchema } from './game-wire';

/** Example limits in minor units (1.00 .. 10,000.00 on Dragon and Tiger); an operator configures its own. */
const DEFAULT_LIMITS = {
  dragon: { min: '100', max: '1000000' },
  tiger: { min: '100', max: '1000000' },
  tie: { min: '100', max: '100000' },
  suitedTie: { min: '100', max: '20000' },
};

/** Dragon Tiger as the platform sees it (docs/rules/dragon-tiger.md). */
export const dragonTigerGame = defineGame({
  id: 'dragonTiger',
  title: 'Dragon Tiger',
  service: 'studio-games',
  tablePrefix: 'dt',
  betSpecSchema: dragonTigerBetSchema,
  resultSchema: dragonTigerResultSchema,
  tableConfigSchema: dragonTigerTableSchema,
  tableConfigProblems: () => [],
  defaultTableConfig: { game: 'dragonTiger', limits: DEFAULT_LIMITS },
  limitKeys: DRAGON_TIGER_BET_TYPES,
  limitKey: (bet) => bet.type,
  spotKey: (bet) => bet.type,
  checkBet: () => ({ ok: true }),
  cutoffProblem: () => null,
  maxReturn: (bet) => duelMaxReturn(DRAGON_TIGER, bet.type),
  settle: (_config, result, bets) => settleDuelRound(DRAGON_TIGER, result.cards, bets),
  consumedCards: { kind: 'cards', cards: (result) => result.cards },
  exactReturn: { kind: 'exact', moments: (limitKey) => duelMoments(DRAGON_TIGER).get(limitKey) },
  restrictionRules: [
    {
      id: 'dragon-tiger',
      game: 'dragonTiger',
      kind: 'exclusive',
      scope: 'player-round',
      keys: ['dragon', 'tiger'],
      description: 'no Dragon and Tiger together',
    },
  ],
  automaticDraw: duelAutomaticDraw('dragonTiger', DRAGON_TIGER),
  layout: duelLayout('dragonTiger', DRAGON_TIGER),
});
