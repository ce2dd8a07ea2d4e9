import { DuelGameRules } from '@casino/card-duel';

/** Dragon Tiger's bets, in display order (docs/rules/dragon-tiger.md#bets-and-payouts). */
export const DRAGON_TIGER_BET_TYPES = ['dragon', 'tiger', 'tie', 'suitedTie'] as const;
export type DragonTigerBetType = (typeof DRAGON_TIGER_BET_TYPES)[number];

/** Live Dragon Tiger deals from 8 decks, ace low: Dragon's card first, then Tiger's. */
export const DRAGON_TIGER: DuelGameRules<DragonTigerBetType> = {
  id: 'dragonTiger',
  title: 'Dragon Tiger',
  ace: 'low',
  sides: ['Dragon', 'Tiger'],
  decks: 8,
  betKeys: DRAGON_TIGER_BET_TYPES,
  payTable: {
    dragon: { role: 'first', pays: 1n },
    tiger: { role: 'second', pays: 1n },
    tie: { role: 'tie', pays: 11n },
    suitedTie: { role: 'suitedTie', pays: 50n },
  },
};
