import { checkFairClaim, FairCheck, FairClaim, fairRandom, FairSeeds } from '@casino/cards';
import { rollDice, SicBoDice } from './dice';

/**
 * An automatic table's provably fair shake (docs/rules/sic-bo.md#automatic-tables): the random stream of
 * @casino/cards' `fairRandom(seeds)` (HMAC-SHA256 blocks of the server seed committed to before betting opens),
 * read by `rollDice`: three faces, each 1 + randomInt(stream, 6).
 */
export const SIC_BO_FAIR_SCHEME = 'hmac-sha256-dice/v1';

/** The dice of a round with these seeds: the same seeds always give the same dice. */
export function fairDice(seeds: FairSeeds): SicBoDice {
  return rollDice(fairRandom(seeds));
}

export interface FairSicBoReport extends FairCheck {
  scheme: typeof SIC_BO_FAIR_SCHEME;
  dice: SicBoDice;
}

/** Recomputes a round from its revealed seeds (what `npm run verify -- sic-bo …` prints). */
export function verifyFairSicBoRound(claim: FairClaim): FairSicBoReport {
  const check = checkFairClaim(claim);
  return { scheme: SIC_BO_FAIR_SCHEME, ...check, dice: fairDice(check) };
}
