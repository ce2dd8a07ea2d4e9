import type { RouletteBet } from './bet';
import { RouletteError, type AnnouncedBetErrorCode } from './errors';
import { isPocket, wheelNeighbours } from './wheel';

/** Racetrack ("call") bets: a named sector of the wheel placed as a fixed set of basic bets. */
export type AnnouncedBet =
  | { type: 'voisinsDuZero' }
  | { type: 'tiersDuCylindre' }
  | { type: 'orphelins' }
  | { type: 'jeuZero' }
  | { type: 'neighbours'; number: number; count: number };

export type AnnouncedBetType = AnnouncedBet['type'];

export interface AnnouncedChip {
  bet: RouletteBet;
  /** Chips (units) placed on this basic bet. */
  chips: number;
}

export interface ExpandedBet {
  bet: RouletteBet;
  /** chips × unit stake. */
  stake: bigint;
  chips: number;
}

export type AnnouncedBetValidation =
  { ok: true; announced: AnnouncedBet } | { ok: false; code: AnnouncedBetErrorCode; message: string };

/** Neighbour bets on the racetrack cover a number and 1..9 pockets each side of it on the wheel. */
export const MIN_NEIGHBOURS = 1;
export const MAX_NEIGHBOURS = 9;

const split = (a: number, b: number): RouletteBet => ({ type: 'split', numbers: [a, b] });
const chip = (bet: RouletteBet, chips = 1): AnnouncedChip => ({ bet, chips });

/** Standard compositions (see docs/roulette.md). Each sector's numbers are adjacent on the wheel. */
const FIXED_SECTORS: Readonly<Record<Exclude<AnnouncedBetType, 'neighbours'>, readonly AnnouncedChip[]>> = {
  // 17 numbers from 22 to 25 around the zero; 9 chips.
  voisinsDuZero: [
    chip({ type: 'street', numbers: [0, 2, 3] }, 2),
    chip(split(4, 7)),
    chip(split(12, 15)),
    chip(split(18, 21)),
    chip(split(19, 22)),
    chip({ type: 'corner', numbers: [25, 26, 28, 29] }, 2),
    chip(split(32, 35)),
  ],
  // 12 numbers from 27 to 33 opposite the zero; 6 chips.
  tiersDuCylindre: [
    split(5, 8),
    split(10, 11),
    split(13, 16),
    split(23, 24),
    split(27, 30),
    split(33, 36),
  ].map((bet) => chip(bet)),
  // The 8 numbers in neither sector above; 5 chips (17 is on two splits).
  orphelins: [
    chip({ type: 'straight', numbers: [1] }),
    chip(split(6, 9)),
    chip(split(14, 17)),
    chip(split(17, 20)),
    chip(split(31, 34)),
  ],
  // 7 numbers from 12 to 15 (a subset of voisins); 4 chips.
  jeuZero: [
    chip(split(0, 3)),
    chip(split(12, 15)),
    chip({ type: 'straight', numbers: [26] }),
    chip(split(32, 35)),
  ],
};

/** Checks an untrusted announced-bet description. */
export function validateAnnouncedBet(input: unknown): AnnouncedBetValidation {
  if (typeof input !== 'object' || input === null) {
    return {
      ok: false,
      code: 'UNKNOWN_ANNOUNCED_BET',
      message: 'an announced bet must be an object with a type',
    };
  }
  const spec = input as Record<string, unknown>;
  if (spec.type === 'neighbours') {
    const { number, count } = spec;
    if (!isPocket(number)) {
      return { ok: false, code: 'INVALID_NEIGHBOURS', message: 'neighbours need a centre number 0..36' };
    }
    if (
      !Number.isInteger(count) ||
      (count as number) < MIN_NEIGHBOURS ||
      (count as number) > MAX_NEIGHBOURS
    ) {
      return {
        ok: false,
        code: 'INVALID_NEIGHBOURS',
        message: `neighbours count must be ${MIN_NEIGHBOURS}..${MAX_NEIGHBOURS} each side`,
      };
    }
    return { ok: true, announced: { type: 'neighbours', number, count: count as number } };
  }
  if (typeof spec.type === 'string' && Object.prototype.hasOwnProperty.call(FIXED_SECTORS, spec.type)) {
    return { ok: true, announced: { type: spec.type as Exclude<AnnouncedBetType, 'neighbours'> } };
  }
  return {
    ok: false,
    code: 'UNKNOWN_ANNOUNCED_BET',
    message: `unknown announced bet ${JSON.stringify(spec.type)}`,
  };
}

/** The basic bets and chip counts an announced bet is made of. Throws RouletteError on an invalid announced bet. */
export function announcedBetChips(announced: AnnouncedBet): AnnouncedChip[] {
  const checked = validateAnnouncedBet(announced);
  if (!checked.ok) throw new RouletteError(checked.code, checked.message);
  const a = checked.announced;
  if (a.type === 'neighbours') {
    return wheelNeighbours(a.number, a.count).map((n) => chip({ type: 'straight', numbers: [n] }));
  }
  // Fresh copies so callers can never mutate the shared compositions.
  return FIXED_SECTORS[a.type].map((c) => chip(copyBet(c.bet), c.chips));
}

function copyBet(bet: RouletteBet): RouletteBet {
  return 'numbers' in bet ? { type: bet.type, numbers: [...bet.numbers] } : { ...bet };
}

/** Total chips of an announced bet (its price in unit stakes). */
export function announcedBetUnits(announced: AnnouncedBet): number {
  return announcedBetChips(announced).reduce((sum, c) => sum + c.chips, 0);
}

/**
 * Expands an announced bet into basic bets, one entry per distinct basic bet with stake = chips × unitStake.
 * Each entry is an ordinary bet: limits, coverage and settlement apply to it as to any other.
 */
export function expandAnnouncedBet(announced: AnnouncedBet, unitStake: bigint): ExpandedBet[] {
  if (typeof unitStake !== 'bigint' || unitStake <= 0n) {
    throw new RouletteError(
      'INVALID_STAKE',
      `unit stake must be a positive bigint, got ${String(unitStake)}`,
    );
  }
  return announcedBetChips(announced).map(({ bet, chips }) => ({
    bet,
    chips,
    stake: unitStake * BigInt(chips),
  }));
}
