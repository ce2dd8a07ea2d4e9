import { checkFairClaim, FairCheck, FairClaim, fairRandom, FairSeeds } from '@casino/cards';
import { FanTanNumber } from './bet';
import { BeadRange, drawBeadCount, resultOfCount } from './beads';

/**
 * An automatic table's provably fair heap (docs/rules/fan-tan.md#automatic-tables): the random stream of
 * @casino/cards' `fairRandom(seeds)` (HMAC-SHA256 blocks of the server seed committed to before betting opens),
 * read by `drawBeadCount`: count = min + randomInt(stream, max − min + 1); the result is the count's remainder.
 */
export const FAN_TAN_FAIR_SCHEME = 'hmac-sha256-beads/v1';

/** The bead count of a round with these seeds at a table of this range: the same inputs, the same count. */
export function fairBeadCount(seeds: FairSeeds, range: BeadRange): number {
  return drawBeadCount(fairRandom(seeds), range);
}

export interface FairFanTanReport extends FairCheck {
  scheme: typeof FAN_TAN_FAIR_SCHEME;
  range: BeadRange;
  count: number;
  result: FanTanNumber;
}

/** Recomputes a round from its revealed seeds (what `npm run verify -- fan-tan …` prints). */
export function verifyFairFanTanRound(claim: FairClaim, range: BeadRange): FairFanTanReport {
  const check = checkFairClaim(claim);
  const count = fairBeadCount(check, range);
  return { scheme: FAN_TAN_FAIR_SCHEME, ...check, range: { ...range }, count, result: resultOfCount(count) };
}
