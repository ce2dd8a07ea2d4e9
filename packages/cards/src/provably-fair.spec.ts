import { createHash, createHmac } from 'node:crypto';
import { CardError } from './card';
import { verifyCommitment } from './commitment';
import {
  clientSeedProblem,
  fairBlock,
  fairRandom,
  fairSeedsProblem,
  fairShoe,
  FairSeeds,
  newClientSeed,
  newServerSeed,
  serverSeedHash,
  verifyServerSeed,
} from './provably-fair';
import { seededRandom } from './random';

/** The test vector of docs/cards.md#provably-fair-shuffle. */
const VECTOR: FairSeeds = {
  serverSeed: '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
  clientSeed: 'player-seed',
  nonce: 1,
};

function closedOrder(seeds: FairSeeds, decks = 6) {
  const shoe = fairShoe(seeds, { decks });
  const commitment = shoe.commitment();
  shoe.close();
  return { commitment, reveal: shoe.reveal() };
}

describe('provably fair shuffle', () => {
  it('reproduces the fixed test vector (hash, HMAC block, words, 6-deck shoe)', () => {
    expect(serverSeedHash(VECTOR.serverSeed)).toBe(
      '6c86c6aac5fb24bcf5d9939cb7d7d5645ce39418f449e03b262dd4fa14b4b92b',
    );
    expect(fairBlock(VECTOR, 0).toString('hex')).toBe(
      'a8dc1f72f33b0ec6defd7614f4779cb4c2e766316ec30a719d652e738937db4a',
    );
    const random = fairRandom(VECTOR);
    expect([1, 2, 3, 4].map(() => random.nextUint32())).toEqual([
      2832998258, 4080733894, 3741152788, 4101479604,
    ]);
    const { commitment, reveal } = closedOrder(VECTOR);
    expect(reveal.order.slice(0, 12)).toEqual([
      'AC',
      '2S',
      '9C',
      '4S',
      '6S',
      'AD',
      'QC',
      'JC',
      '3S',
      'JD',
      'KC',
      'KC',
    ]);
    expect(reveal.salt).toBe('8e879ace2ea22127d199be0e2be918de02055356ad0144ae1f23519575dfb4cf');
    expect(commitment.hash).toBe('71837f015d623698f1494e15da1dc117617932eb62015c4c8d8e6fe72b55fb16');
    expect(verifyCommitment(commitment, reveal)).toEqual({ ok: true });
  });

  it('is the documented recipe: SHA-256 of the seed text, HMAC blocks read as big-endian words', () => {
    expect(serverSeedHash(VECTOR.serverSeed)).toBe(
      createHash('sha256').update(VECTOR.serverSeed).digest('hex'),
    );
    const block = (b: number) =>
      createHmac('sha256', VECTOR.serverSeed).update(`player-seed:1:${b}`).digest();
    const random = fairRandom(VECTOR);
    const words = Array.from({ length: 20 }, () => random.nextUint32());
    const expected = [0, 1, 2].flatMap((b) =>
      Array.from({ length: 8 }, (_, i) => block(b).readUInt32BE(4 * i)),
    );
    expect(words).toEqual(expected.slice(0, 20));
  });

  it('gives the same shoe for the same inputs and a different one when any input changes', () => {
    const base = closedOrder(VECTOR).reveal;
    expect(closedOrder({ ...VECTOR }).reveal).toEqual(base);
    const others = [
      { ...VECTOR, clientSeed: 'player-seed2' },
      { ...VECTOR, clientSeed: 'Player-seed' },
      { ...VECTOR, nonce: 2 },
      { ...VECTOR, serverSeed: VECTOR.serverSeed.replace(/f$/, 'e') },
    ];
    for (const seeds of others) {
      const other = closedOrder(seeds).reveal;
      expect(other.order).not.toEqual(base.order);
      expect(other.salt).not.toBe(base.salt);
    }
  });

  it('deals complete shoes of any deck count', () => {
    for (const decks of [1, 6, 8]) {
      const { commitment, reveal } = closedOrder({ ...VECTOR, nonce: decks }, decks);
      expect(reveal.order).toHaveLength(decks * 52);
      expect(verifyCommitment(commitment, reveal)).toEqual({ ok: true });
    }
  });

  it('commits with SHA-256 and verifies the revealed seed', () => {
    const seed = newServerSeed(seededRandom('server'));
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(newServerSeed(seededRandom('server'))).toBe(seed);
    expect(newServerSeed(seededRandom('other'))).not.toBe(seed);
    const hash = serverSeedHash(seed);
    expect(verifyServerSeed(seed, hash)).toBe(true);
    expect(verifyServerSeed(seed, hash.toUpperCase())).toBe(false);
    expect(verifyServerSeed(newServerSeed(seededRandom('other')), hash)).toBe(false);
    expect(verifyServerSeed('xyz', hash)).toBe(false);
    expect(newClientSeed(seededRandom('c'))).toMatch(/^[0-9a-f]{16}$/);
  });

  it('validates the client seed (length and charset) and the other inputs', () => {
    expect(clientSeedProblem('my-lucky_seed.7')).toBeNull();
    expect(clientSeedProblem('x'.repeat(64))).toBeNull();
    for (const bad of ['', 'x'.repeat(65), 'a:b', 'a b', 'zdravo-čovječe', '<script>', 7, null]) {
      expect(clientSeedProblem(bad)).toEqual(expect.any(String));
    }
    expect(fairSeedsProblem(VECTOR)).toBeNull();
    expect(fairSeedsProblem({ ...VECTOR, nonce: -1 })).toMatch(/nonce/);
    expect(fairSeedsProblem({ ...VECTOR, nonce: 1.5 })).toMatch(/nonce/);
    expect(fairSeedsProblem({ ...VECTOR, serverSeed: VECTOR.serverSeed.toUpperCase() })).toMatch(/server/);
    expect(() => fairRandom({ ...VECTOR, clientSeed: 'a:b' })).toThrow(CardError);
    expect(() => fairRandom({ ...VECTOR, serverSeed: 'abc' })).toThrow(
      expect.objectContaining({ code: 'INVALID_SEED' }),
    );
    expect(() => serverSeedHash('abc')).toThrow(expect.objectContaining({ code: 'INVALID_SEED' }));
  });
});
