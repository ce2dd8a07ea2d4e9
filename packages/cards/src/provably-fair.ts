import { createHash, createHmac } from 'node:crypto';
import { CardError } from './card';
import { RandomSource, randomBytes } from './random';
import { Shoe, ShoeOptions, createShoe } from './shoe';

/**
 * Provably fair shuffles (single-player RNG tables): the server commits to a secret server seed (its SHA-256)
 * before the bets, the player may choose a client seed, and the shoe of the round is a pure function of
 * (server seed, client seed, nonce). Once the round is over the server seed is revealed and anyone can recompute
 * the shoe. Recipe (docs/cards.md#provably-fair-shuffle):
 *
 *   block b  = HMAC-SHA256(key = serverSeed as ASCII text, message = `${clientSeed}:${nonce}:${b}`), b = 0, 1, 2, …
 *   stream   = block 0 ‖ block 1 ‖ …, read as unsigned 32-bit big-endian words
 *   shoe     = createShoe({ decks, cutCard }, stream): the Fisher–Yates shuffle of fresh-pack decks (unbiased
 *              randomInt), then the commitment salt, both from the same stream
 */

/** Name of the recipe above; sent with every commitment so a verifier knows what to run. */
export const FAIR_SCHEME = 'hmac-sha256-fisher-yates/v1';
/** A server seed is 32 CSPRNG bytes written as 64 lowercase hex characters. */
export const SERVER_SEED_BYTES = 32;
export const CLIENT_SEED_MAX_LENGTH = 64;
/** Letters, digits, `.`, `_`, `-`: no `:` (the separator of the HMAC message), no spaces, plain ASCII. */
export const CLIENT_SEED_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

const SERVER_SEED_HEX = /^[0-9a-f]{64}$/;
const HASH_HEX = /^[0-9a-f]{64}$/;

/** The inputs of one round's shuffle. */
export interface FairSeeds {
  /** Secret until the round is over: 64 lowercase hex characters. */
  serverSeed: string;
  /** Chosen by the player (or a random default): 1–64 of `A–Z a–z 0–9 . _ -`. */
  clientSeed: string;
  /** The round's number in the seed pair's sequence: a non-negative safe integer. */
  nonce: number;
}

/** A fresh server seed from the injected source (node:crypto's CSPRNG in production). */
export function newServerSeed(random: RandomSource): string {
  return Buffer.from(randomBytes(random, SERVER_SEED_BYTES)).toString('hex');
}

/** A default client seed (16 hex characters) for a player who has not chosen one. */
export function newClientSeed(random: RandomSource): string {
  return Buffer.from(randomBytes(random, 8)).toString('hex');
}

/** The commitment: lowercase hex SHA-256 of the server seed's 64-character text. */
export function serverSeedHash(serverSeed: string): string {
  assertServerSeed(serverSeed);
  return createHash('sha256').update(serverSeed, 'ascii').digest('hex');
}

/** Whether a revealed server seed is the one committed to by `hash`. */
export function verifyServerSeed(serverSeed: string, hash: string): boolean {
  return isServerSeed(serverSeed) && HASH_HEX.test(hash) && serverSeedHash(serverSeed) === hash;
}

export function isServerSeed(value: unknown): value is string {
  return typeof value === 'string' && SERVER_SEED_HEX.test(value);
}

/** Why a client seed is refused, or null when it is fine. */
export function clientSeedProblem(value: unknown): string | null {
  if (typeof value !== 'string') return 'the client seed must be a string';
  if (value.length < 1 || value.length > CLIENT_SEED_MAX_LENGTH) {
    return `the client seed must be 1 to ${CLIENT_SEED_MAX_LENGTH} characters long`;
  }
  if (!CLIENT_SEED_PATTERN.test(value)) {
    return 'the client seed may only contain letters, digits, ".", "_" and "-"';
  }
  return null;
}

/** Why a set of seeds cannot be used, or null when they can. */
export function fairSeedsProblem(seeds: FairSeeds): string | null {
  if (!isServerSeed(seeds.serverSeed)) return 'the server seed must be 64 lowercase hex characters';
  const client = clientSeedProblem(seeds.clientSeed);
  if (client) return client;
  if (!Number.isSafeInteger(seeds.nonce) || seeds.nonce < 0) {
    return 'the nonce must be a non-negative integer';
  }
  return null;
}

/** Block `b` of the stream: HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${b}`), 32 bytes. */
export function fairBlock(seeds: FairSeeds, block: number): Buffer {
  return createHmac('sha256', Buffer.from(seeds.serverSeed, 'ascii'))
    .update(`${seeds.clientSeed}:${seeds.nonce}:${block}`, 'ascii')
    .digest();
}

const WORDS_PER_BLOCK = 8;

/**
 * The deterministic RandomSource of a round: the HMAC blocks as big-endian 32-bit words, in order. Throws
 * CardError 'INVALID_SEED' for seeds `fairSeedsProblem` refuses.
 */
export function fairRandom(seeds: FairSeeds): RandomSource {
  const problem = fairSeedsProblem(seeds);
  if (problem) throw new CardError('INVALID_SEED', problem);
  const frozen = { ...seeds };
  let block = 0;
  let bytes = fairBlock(frozen, block);
  let word = 0;
  return {
    nextUint32() {
      if (word === WORDS_PER_BLOCK) {
        bytes = fairBlock(frozen, ++block);
        word = 0;
      }
      return bytes.readUInt32BE(4 * word++);
    },
  };
}

/**
 * The round's shoe, shuffled by `fairRandom(seeds)` through the ordinary `createShoe` (Fisher–Yates, then a
 * ranged cut depth if any, then the commitment salt). Same seeds → same shoe, to the last card and salt byte.
 */
export function fairShoe(seeds: FairSeeds, options: ShoeOptions): Shoe {
  return createShoe(options, fairRandom(seeds));
}

function assertServerSeed(serverSeed: string): void {
  if (!isServerSeed(serverSeed)) {
    throw new CardError('INVALID_SEED', 'the server seed must be 64 lowercase hex characters');
  }
}
