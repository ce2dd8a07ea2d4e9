import { insuranceStakeFor } from '../core/outcome';
import { BlackjackRules } from '../core/rules';
import { SeatState, StakeKind } from '../core/types';

/** The stakes placed mid-round, each at its moment (a split names the hand it makes, a double the hand doubled). */
export type AdditionalStakeKind = Exclude<StakeKind, 'main'>;

export interface AdditionalStakeRequest {
  seat: number;
  kind: AdditionalStakeKind;
  hand: number;
  stake: bigint;
}

/** One stake already accepted on the seat, as the ledger (or a service's book) records it. */
export interface AcceptedStake {
  kind: StakeKind;
  hand: number;
  stake: bigint;
}

export type AdditionalStakeRules = Pick<BlackjackRules, 'maxSplitHands' | 'doubleAfterSplit' | 'insurance'>;

export const ADDITIONAL_STAKE_CODES = [
  'NO_MAIN_BET',
  'SPLIT_HAND_OUT_OF_RANGE',
  'HAND_ALREADY_SPLIT',
  'SPLIT_OUT_OF_ORDER',
  'SPLIT_STAKE_NOT_MAIN',
  'NO_SUCH_HAND',
  'NO_DOUBLE_AFTER_SPLIT',
  'HAND_ALREADY_DOUBLED',
  'DOUBLE_ABOVE_HAND_STAKE',
  'NO_INSURANCE_AT_TABLE',
  'SEAT_ALREADY_INSURED',
  'WRONG_INSURANCE_STAKE',
  'UNKNOWN_STAKE_KIND',
] as const;
export type AdditionalStakeCode = (typeof ADDITIONAL_STAKE_CODES)[number];

export interface AdditionalStakeProblem {
  code: AdditionalStakeCode;
  message: string;
}

/** A double may be for less, never for more than the hand's own stake (the reducer applies the same cap). */
export function isValidDoubleStake(stake: bigint, handStake: bigint): boolean {
  return stake > 0n && stake <= handStake;
}

/**
 * Whether a split, double or insurance stake may join the stakes already accepted on the seat. The ledger decides
 * with it and a service checks with it before sending, so both refuse the same stakes; null when it may.
 */
export function validateAdditionalStake(
  rules: AdditionalStakeRules,
  request: AdditionalStakeRequest,
  acceptedOnSeat: readonly AcceptedStake[],
): AdditionalStakeProblem | null {
  const { seat, hand, stake } = request;
  const find = (kind: StakeKind, onHand?: number) =>
    acceptedOnSeat.find((s) => s.kind === kind && (onHand === undefined || s.hand === onHand));
  const main = find('main');
  if (!main) return problem('NO_MAIN_BET', `no accepted bet of this player on seat ${seat}`);
  switch (request.kind) {
    case 'split': {
      const maxHands = rules.maxSplitHands;
      if (hand < 1 || hand >= maxHands)
        return problem('SPLIT_HAND_OUT_OF_RANGE', `a split makes hand 1..${maxHands - 1}`);
      if (find('split', hand))
        return problem('HAND_ALREADY_SPLIT', `hand ${hand} of seat ${seat} is already split`);
      if (hand > 1 && !find('split', hand - 1))
        return problem('SPLIT_OUT_OF_ORDER', 'splits make hands in order');
      return stake === main.stake
        ? null
        : problem('SPLIT_STAKE_NOT_MAIN', `a split stake equals the main stake ${main.stake}`);
    }
    case 'double': {
      const handStake = hand === 0 ? main.stake : find('split', hand)?.stake;
      if (handStake === undefined) return problem('NO_SUCH_HAND', `seat ${seat} has no hand ${hand}`);
      // Once the seat has split, hand 0 is a split hand too (docs/rules/blackjack.md#player-decisions).
      if ((hand > 0 || find('split')) && !rules.doubleAfterSplit)
        return problem('NO_DOUBLE_AFTER_SPLIT', 'no doubling after a split at this table');
      if (find('double', hand))
        return problem('HAND_ALREADY_DOUBLED', `hand ${hand} of seat ${seat} is already doubled`);
      return isValidDoubleStake(stake, handStake)
        ? null
        : problem('DOUBLE_ABOVE_HAND_STAKE', `a double may not exceed the hand's stake ${handStake}`);
    }
    case 'insurance': {
      if (!rules.insurance) return problem('NO_INSURANCE_AT_TABLE', 'no insurance at this table');
      if (find('insurance')) return problem('SEAT_ALREADY_INSURED', `seat ${seat} is already insured`);
      const cost = insuranceStakeFor(main.stake);
      return stake === cost && cost > 0n
        ? null
        : problem('WRONG_INSURANCE_STAKE', `insurance costs half the main stake: ${cost}`);
    }
    default:
      return problem('UNKNOWN_STAKE_KIND', `unexpected stake kind ${String(request.kind)}`);
  }
}

/** The stakes a seat of a round in play holds, in the form `validateAdditionalStake` takes. */
export function stakesOfSeat(seat: Pick<SeatState, 'stake' | 'hands' | 'insurance'>): AcceptedStake[] {
  const stakes: AcceptedStake[] = [{ kind: 'main', hand: 0, stake: seat.stake }];
  for (const hand of seat.hands) {
    if (hand.id > 0) stakes.push({ kind: 'split', hand: hand.id, stake: hand.stake });
    if (hand.doubleStake > 0n) stakes.push({ kind: 'double', hand: hand.id, stake: hand.doubleStake });
  }
  if (seat.insurance.status === 'taken')
    stakes.push({ kind: 'insurance', hand: 0, stake: seat.insurance.stake });
  return stakes;
}

function problem(code: AdditionalStakeCode, message: string): AdditionalStakeProblem {
  return { code, message };
}
