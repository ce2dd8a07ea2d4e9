import { cryptoRandom, newServerSeed, serverSeedHash } from '@casino/cards';
import { fairBeadCount, verifyFairFanTanRound } from './fair-round';

const serverSeed = '0f'.repeat(32);
const range = { min: 40, max: 139 };

describe('provably fair Fan Tan', () => {
  // Recomputed outside the engine: HMAC-SHA256(key '0f'×32, 'table-ft-2:1:0'), word 0 big-endian,
  // 40 + ⌊w × 100 / 2³²⌋.
  it('pins the recipe: seeds and range → bead count', () => {
    expect(fairBeadCount({ serverSeed, clientSeed: 'table-ft-2', nonce: 1 }, range)).toBe(124);
  });

  it('verifies a round against the commitment published before betting opened', () => {
    const seed = newServerSeed(cryptoRandom());
    const report = verifyFairFanTanRound(
      { serverSeed: seed, clientSeed: 'c', nonce: 2, commitment: serverSeedHash(seed) },
      range,
    );
    expect(report).toMatchObject({ scheme: 'hmac-sha256-beads/v1', commitmentMatches: true, range });
    expect(report.count).toBe(fairBeadCount({ serverSeed: seed, clientSeed: 'c', nonce: 2 }, range));
    expect((report.count - report.result) % 4).toBe(0);
    const forged = verifyFairFanTanRound(
      { serverSeed, clientSeed: 'c', nonce: 2, commitment: serverSeedHash(seed) },
      range,
    );
    expect(forged.commitmentMatches).toBe(false);
  });
});
