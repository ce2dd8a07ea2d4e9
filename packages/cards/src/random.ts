import { createHash, randomFillSync } from 'node:crypto';

/** Source of uniformly distributed 32-bit unsigned integers. Injected wherever the game needs chance. */
export interface RandomSource {
  nextUint32(): number;
}

const POOL_WORDS = 1024;

/** The production source: node:crypto's CSPRNG, drawn in pooled blocks so a shuffle costs one syscall. */
export function cryptoRandom(): RandomSource {
  const pool = new Uint32Array(POOL_WORDS);
  let index = POOL_WORDS;
  return {
    nextUint32() {
      if (index === POOL_WORDS) {
        randomFillSync(pool);
        index = 0;
      }
      return pool[index++];
    },
  };
}

/**
 * A deterministic source for tests, simulations and replays: xoshiro128** seeded from SHA-256 of the seed.
 * Not for live play.
 */
export function seededRandom(seed: string | number): RandomSource {
  const digest = createHash('sha256').update(String(seed)).digest();
  let a = digest.readUInt32LE(0);
  let b = digest.readUInt32LE(4);
  let c = digest.readUInt32LE(8);
  let d = digest.readUInt32LE(12);
  if ((a | b | c | d) === 0) a = 1;
  return {
    nextUint32() {
      const result = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
      const t = b << 9;
      c ^= a;
      d ^= b;
      b ^= c;
      a ^= d;
      c ^= t;
      d = rotl(d, 11);
      return result;
    },
  };
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/**
 * A uniform integer in [0, bound) with no modulo bias. Small bounds (every shuffle and wheel) use Lemire's
 * multiply-and-reject method in exact double arithmetic (value × bound < 2^53), which needs a division only in
 * the rare rejection zone; larger bounds reject the incomplete top range of 2^32.
 */
export function randomInt(source: RandomSource, bound: number): number {
  if (!Number.isInteger(bound) || bound <= 0 || bound > TWO_POW_32) {
    throw new RangeError(`randomInt bound must be an integer in 1..2^32, got ${bound}`);
  }
  if (bound <= LEMIRE_MAX_BOUND) {
    let product = source.nextUint32() * bound;
    let low = product >>> 0;
    if (low < bound) {
      const threshold = (TWO_POW_32 - bound) % bound;
      while (low < threshold) {
        product = source.nextUint32() * bound;
        low = product >>> 0;
      }
    }
    return Math.floor(product / TWO_POW_32);
  }
  const limit = TWO_POW_32 - (TWO_POW_32 % bound);
  for (;;) {
    const value = source.nextUint32();
    if (value < limit) return value % bound;
  }
}

const TWO_POW_32 = 0x100000000;
/** value < 2^32 and bound ≤ 2^21 keep value × bound below 2^53, so the product is exact. */
const LEMIRE_MAX_BOUND = 0x200000;

/** Fisher–Yates shuffle in place over the injected source. */
export function shuffleInPlace<T extends { length: number; [i: number]: unknown }>(
  items: T,
  source: RandomSource,
): T {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(source, i + 1);
    const tmp = items[i];
    items[i] = items[j];
    items[j] = tmp;
  }
  return items;
}

/** `length` bytes from the source, each 32-bit word taken little-endian (used for the commitment salt). */
export function randomBytes(source: RandomSource, length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i += 4) {
    const word = source.nextUint32();
    for (let k = 0; k < 4 && i + k < length; k++) bytes[i + k] = (word >>> (8 * k)) & 0xff;
  }
  return bytes;
}
