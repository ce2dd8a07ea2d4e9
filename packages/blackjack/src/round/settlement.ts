import { BlackjackError } from '../core/errors';
import { handValue } from '../core/hand-value';
import { handResult, returnedForHand, returnedForInsurance } from '../core/outcome';
import { HandSettlement, RoundState, SeatSettlement, StakeSettlement } from '../core/types';

/**
 * What every stake of a settled round returns. The ledger recomputes this from the recorded round (it never
 * trusts a payout it did not compute), so it depends on the state alone.
 */
export function settleRound(state: RoundState): SeatSettlement[] {
  if (state.phase !== 'settled') {
    throw new BlackjackError('ROUND_NOT_SETTLED', `the round is in phase ${state.phase}, not settled`);
  }
  return computeSettlement(state);
}

/** @internal Also called by the reducer as the round reaches 'settled'. */
export function computeSettlement(state: Pick<RoundState, 'rules' | 'seats' | 'dealer'>): SeatSettlement[] {
  const { rules } = state;
  const dealerValue = handValue(state.dealer.cards);
  const dealer = {
    total: dealerValue.total,
    blackjack: state.dealer.cards.length === 2 && dealerValue.total === 21,
  };
  return state.seats.map((seat) => {
    const hands: HandSettlement[] = seat.hands.map((hand) => {
      const total = handValue(hand.cards).total;
      const blackjack = !hand.fromSplit && hand.cards.length === 2 && total === 21;
      const result = handResult({ total, blackjack }, dealer);
      const own: StakeSettlement =
        hand.id === 0
          ? { id: 'main', kind: 'main', hand: 0, stake: hand.stake, returned: 0n, result }
          : { id: `split:${hand.id}`, kind: 'split', hand: hand.id, stake: hand.stake, returned: 0n, result };
      const stakes: StakeSettlement[] = [{ ...own, returned: returnedForHand(result, hand.stake, rules) }];
      if (hand.doubleStake > 0n) {
        stakes.push({
          id: `double:${hand.id}`,
          kind: 'double',
          hand: hand.id,
          stake: hand.doubleStake,
          returned: returnedForHand(result, hand.doubleStake, rules),
          result,
        });
      }
      return { hand: hand.id, cards: [...hand.cards], total, blackjack, result, stakes };
    });
    const insurance: StakeSettlement | null =
      seat.insurance.status === 'taken'
        ? {
            id: 'insurance',
            kind: 'insurance',
            hand: 0,
            stake: seat.insurance.stake,
            returned: returnedForInsurance(dealer.blackjack, seat.insurance.stake),
            result: dealer.blackjack ? 'insurance-win' : 'insurance-lose',
          }
        : null;
    const stakes = hands.flatMap((h) => h.stakes).concat(insurance ? [insurance] : []);
    return {
      seat: seat.seat,
      playerId: seat.playerId,
      hands,
      insurance,
      stakes,
      totalStaked: stakes.reduce((sum, s) => sum + s.stake, 0n),
      totalReturned: stakes.reduce((sum, s) => sum + s.returned, 0n),
    };
  });
}
