import {
  type AnnouncedBet,
  type AnnouncedBetType,
  expandAnnouncedBet,
  MAX_NEIGHBOURS,
  MIN_NEIGHBOURS,
} from './announced';
import { ROULETTE_BET_TYPES, type RouletteBet, type RouletteBetType } from './bet';
import { allBetsOfType } from './enumerate';
import { equals, rational, type Rational, sub } from './rational';
import { settleBet } from './settle';
import { POCKET_COUNT } from './wheel';

export interface RtpFigure {
  /** Expected return per unit staked, exact. */
  rtp: Rational;
  houseEdge: Rational;
  /** Distinct bets of this kind enumerated (each against all 37 pockets). */
  betsEnumerated: number;
  /** Whether every enumerated bet on its own has exactly the same rtp. */
  allBetsEqual: boolean;
}

export interface RouletteRtpReport {
  bets: Record<RouletteBetType, RtpFigure>;
  announced: Record<AnnouncedBetType, RtpFigure>;
}

const ONE = rational(1n);

/** Exact return of a group of bets (stake, bet) over the 37 equally likely pockets. */
function groupReturn(group: readonly { bet: RouletteBet; stake: bigint }[]): Rational {
  let staked = 0n;
  let returned = 0n;
  for (const { bet, stake } of group) {
    staked += stake;
    for (let pocket = 0; pocket < POCKET_COUNT; pocket++) returned += settleBet(bet, stake, pocket).returned;
  }
  return rational(returned, staked * BigInt(POCKET_COUNT));
}

/** rtp over several equally weighted groups, each group being one bet as the player places it. */
function figure(groups: readonly (readonly { bet: RouletteBet; stake: bigint }[])[]): RtpFigure {
  const each = groups.map(groupReturn);
  // Groups are weighted by stake; with equal total stakes per group this is their mean.
  const rtp = groupReturn(groups.flat());
  return {
    rtp,
    houseEdge: sub(ONE, rtp),
    betsEnumerated: groups.length,
    allBetsEqual: each.every((r) => equals(r, each[0])),
  };
}

function announcedGroups(type: AnnouncedBetType): AnnouncedBet[] {
  if (type !== 'neighbours') return [{ type }];
  const all: AnnouncedBet[] = [];
  for (let number = 0; number < POCKET_COUNT; number++) {
    for (let count = MIN_NEIGHBOURS; count <= MAX_NEIGHBOURS; count++) all.push({ type, number, count });
  }
  return all;
}

const ANNOUNCED_TYPES: readonly AnnouncedBetType[] = [
  'voisinsDuZero',
  'tiersDuCylindre',
  'orphelins',
  'jeuZero',
  'neighbours',
];

/**
 * Exact rtp and house edge of every bet type by enumerating every valid bet of the type against every pocket,
 * settled by the engine itself (so this checks the payout code, not a formula).
 */
export function computeRouletteRtp(): RouletteRtpReport {
  const bets = Object.fromEntries(
    ROULETTE_BET_TYPES.map((type) => [type, figure(allBetsOfType(type).map((bet) => [{ bet, stake: 1n }]))]),
  ) as Record<RouletteBetType, RtpFigure>;
  const announced = Object.fromEntries(
    ANNOUNCED_TYPES.map((type) => [
      type,
      figure(announcedGroups(type).map((a) => expandAnnouncedBet(a, 1n))),
    ]),
  ) as Record<AnnouncedBetType, RtpFigure>;
  return { bets, announced };
}
