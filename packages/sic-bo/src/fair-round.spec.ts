import { cryptoRandom, newServerSeed, serverSeedHash } from '@casino/cards';
import { fairDice, verifyFairSicBoRound } from './fair-round';
import { diceProblem } from './dice';

const serverSeed = '0f'.repeat(32);

describe('provably fair Sic Bo', () => {
  it('the same seeds give the same dice; another nonce gives another stream', () => {
    const seeds = { serverSeed, clientSeed: 'table-sb-1', nonce: 1 };
    const dice = fairDice(seeds);
    expect(diceProblem(dice)).toBeNull();
    expect(fairDice({ ...seeds })).toEqual(dice);
    const others = Array.from({ length: 20 }, (_, n) => fairDice({ ...seeds, nonce: n + 2 }).join(''));
    expect(new Set(others).size).toBeGreaterThan(1);
  });

  // Recomputed outside the engine: HMAC-SHA256(key '0f'×32, 'table-sb-1:1:0'), words 0..2 big-endian, ⌊w × 6 / 2³²⌋ + 1.
  it('pins the recipe: seeds → dice (a change of the draw breaks every published round)', () => {
    expect(fairDice({ serverSeed, clientSeed: 'table-sb-1', nonce: 1 })).toEqual([3, 1, 1]);
  });

  it('verifies a round against the commitment published before betting opened', () => {
    const seed = newServerSeed(cryptoRandom());
    const commitment = serverSeedHash(seed);
    const report = verifyFairSicBoRound({ serverSeed: seed, clientSeed: 'c', nonce: 9, commitment });
    expect(report).toMatchObject({ scheme: 'hmac-sha256-dice/v1', commitmentMatches: true, nonce: 9 });
    expect(report.dice).toEqual(fairDice({ serverSeed: seed, clientSeed: 'c', nonce: 9 }));
    const forged = verifyFairSicBoRound({ serverSeed, clientSeed: 'c', nonce: 9, commitment });
    expect(forged.commitmentMatches).toBe(false);
  });
});
