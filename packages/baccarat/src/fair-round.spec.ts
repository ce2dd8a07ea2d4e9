import { fairShoe, newServerSeed, parseCards, seededRandom, serverSeedHash } from '@casino/cards';
import { dealFairRound, verifyFairRound } from './fair-round';
import { outcomeFromCards } from './round';

const VECTOR = {
  serverSeed: '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
  clientSeed: 'player-seed',
  nonce: 1,
};
const COMMITMENT = '6c86c6aac5fb24bcf5d9939cb7d7d5645ce39418f449e03b262dd4fa14b4b92b';

describe('provably fair RNG round', () => {
  it('deals the test vector: shoe AC 2S 9C 4S 6S AD → Player AC 2S 6S (9), Banker 9C 4S AD (4)', () => {
    const round = dealFairRound(VECTOR);
    expect(round.drawn).toEqual(parseCards(['AC', '2S', '9C', '4S', '6S', 'AD']));
    expect(round.outcome.playerCards).toEqual(parseCards(['AC', '2S', '6S']));
    expect(round.outcome.bankerCards).toEqual(parseCards(['9C', '4S', 'AD']));
    expect(round.outcome).toMatchObject({ winner: 'player', playerTotal: 9, bankerTotal: 4 });
    expect(outcomeFromCards(round.outcome.cards)).toEqual(round.outcome);
    expect(round.shoe.isClosed).toBe(true);
    expect(round.shoe.reveal().order.slice(0, 6)).toEqual(['AC', '2S', '9C', '4S', '6S', 'AD']);
  });

  it('is the shoe of @casino/cards fairShoe, dealt P, P, B, B from its front', () => {
    for (let nonce = 1; nonce <= 30; nonce++) {
      const seeds = { ...VECTOR, serverSeed: newServerSeed(seededRandom(nonce)), nonce };
      const { drawn, outcome } = dealFairRound(seeds);
      const shoe = fairShoe(seeds, { decks: 6 });
      const front = Array.from({ length: drawn.length }, () => shoe.draw());
      expect(drawn).toEqual(front);
      expect(outcome.playerCards.slice(0, 2)).toEqual(front.slice(0, 2));
      expect(outcome.bankerCards.slice(0, 2)).toEqual(front.slice(2, 4));
    }
  });

  it('reports the commitment check', () => {
    expect(verifyFairRound({ ...VECTOR, commitment: COMMITMENT }).commitmentMatches).toBe(true);
    expect(verifyFairRound(VECTOR).commitmentMatches).toBeNull();
    const other = serverSeedHash(newServerSeed(seededRandom('x')));
    expect(verifyFairRound({ ...VECTOR, commitment: other }).commitmentMatches).toBe(false);
  });
});
