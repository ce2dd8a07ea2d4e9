import { BACCARAT_BET_TYPES as ENGINE_BACCARAT } from '@casino/baccarat';
import { BLACKJACK_STAKE_KINDS as ENGINE_BLACKJACK } from '@casino/blackjack';
import { ROULETTE_BET_TYPES as ENGINE_ROULETTE } from '@casino/roulette';
import { BACCARAT_BET_TYPES, BLACKJACK_STAKE_KINDS, betSpecSchema, ROULETTE_BET_TYPES } from './bet-specs';

describe('bet specs', () => {
  it('take their lists from the engines', () => {
    expect(BACCARAT_BET_TYPES).toBe(ENGINE_BACCARAT);
    expect(ROULETTE_BET_TYPES).toBe(ENGINE_ROULETTE);
    expect(BLACKJACK_STAKE_KINDS).toBe(ENGINE_BLACKJACK);
  });

  it('accept every baccarat type and blackjack kind the engines name', () => {
    for (const type of BACCARAT_BET_TYPES)
      expect(betSpecSchema.safeParse({ game: 'baccarat', type }).success).toBe(true);
    for (const kind of BLACKJACK_STAKE_KINDS)
      expect(betSpecSchema.safeParse({ game: 'blackjack', seat: 1, kind }).success).toBe(true);
  });
});
