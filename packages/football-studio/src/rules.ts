import { DuelGameRules } from '@casino/card-duel';

/** Football Studio's bets, in display order (docs/rules/football-studio.md#bets-and-payouts). */
export const FOOTBALL_STUDIO_BET_TYPES = ['home', 'away', 'draw'] as const;
export type FootballStudioBetType = (typeof FOOTBALL_STUDIO_BET_TYPES)[number];

/** Football Studio deals from 8 decks, ace high: Home's card first, then Away's. */
export const FOOTBALL_STUDIO: DuelGameRules<FootballStudioBetType> = {
  id: 'footballStudio',
  title: 'Football Studio',
  ace: 'high',
  sides: ['Home', 'Away'],
  decks: 8,
  betKeys: FOOTBALL_STUDIO_BET_TYPES,
  payTable: {
    home: { role: 'first', pays: 1n },
    away: { role: 'second', pays: 1n },
    draw: { role: 'tie', pays: 11n },
  },
};
