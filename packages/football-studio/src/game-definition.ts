import {
  duelAutomaticDraw,
  duelLayout,
  duelMaxReturn,
  duelMoments,
  settleDuelRound,
} from '@casino/card-duel';
import { defineGame } from '@casino/game-kit';
import { FOOTBALL_STUDIO, FOOTBALL_STUDIO_BET_TYPES } from './rules';
import { footballStudioBetSchema, footballStudioResultSchema, footballStudioTableSchema } from './game-wire';

/** Example limits in minor units (1.00 .. 10,000.00 on Home and Away); an operator configures its own. */
const DEFAULT_LIMITS = {
  home: { min: '100', max: '1000000' },
  away: { min: '100', max: '1000000' },
  draw: { min: '100', max: '100000' },
};

/** Football Studio as the platform sees it (docs/rules/football-studio.md). */
export const footballStudioGame = defineGame({
  id: 'footballStudio',
  title: 'Football Studio',
  service: 'studio-games',
  tablePrefix: 'fs',
  betSpecSchema: footballStudioBetSchema,
  resultSchema: footballStudioResultSchema,
  tableConfigSchema: footballStudioTableSchema,
  tableConfigProblems: () => [],
  defaultTableConfig: { game: 'footballStudio', limits: DEFAULT_LIMITS },
  limitKeys: FOOTBALL_STUDIO_BET_TYPES,
  limitKey: (bet) => bet.type,
  spotKey: (bet) => bet.type,
  checkBet: () => ({ ok: true }),
  cutoffProblem: () => null,
  maxReturn: (bet) => duelMaxReturn(FOOTBALL_STUDIO, bet.type),
  settle: (_config, result, bets) => settleDuelRound(FOOTBALL_STUDIO, result.cards, bets),
  consumedCards: { kind: 'cards', cards: (result) => result.cards },
  exactReturn: { kind: 'exact', moments: (limitKey) => duelMoments(FOOTBALL_STUDIO).get(limitKey) },
  restrictionRules: [
    {
      id: 'football-studio-home-away',
      game: 'footballStudio',
      kind: 'exclusive',
      scope: 'player-round',
      keys: ['home', 'away'],
      description: 'no Home and Away together',
    },
  ],
  automaticDraw: duelAutomaticDraw('footballStudio', FOOTBALL_STUDIO),
  layout: duelLayout('footballStudio', FOOTBALL_STUDIO),
});
