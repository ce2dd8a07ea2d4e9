import { outcomeOf, SettledBet } from '@casino/game-kit';
import { SicBoBet } from './bet';
import { diceSize, diceTotal, facesShowing, isTriple, SicBoDice } from './dice';
import { SicBoPayTable } from './pay-table';

/** What one unit staked on the bet wins (x of x:1) with these dice; -1 when it loses. */
export function winningsPerUnit(bet: SicBoBet, dice: SicBoDice, pay: SicBoPayTable): number {
  const total = diceTotal(dice);
  const triple = isTriple(dice);
  switch (bet.type) {
    case 'small':
      return diceSize(dice) === 'small' ? pay.even : -1;
    case 'big':
      return diceSize(dice) === 'big' ? pay.even : -1;
    case 'odd':
      return !triple && total % 2 === 1 ? pay.even : -1;
    case 'even':
      return !triple && total % 2 === 0 ? pay.even : -1;
    case 'total':
      return total === bet.total ? pay.total[bet.total] : -1;
    case 'double':
      return facesShowing(dice, bet.number) >= 2 ? pay.double : -1;
    case 'triple':
      return facesShowing(dice, bet.number) === 3 ? pay.triple : -1;
    case 'anyTriple':
      return triple ? pay.anyTriple : -1;
    case 'combination':
      return facesShowing(dice, bet.numbers[0]) > 0 && facesShowing(dice, bet.numbers[1]) > 0
        ? pay.combination
        : -1;
    case 'single': {
      const shown = facesShowing(dice, bet.number);
      return shown === 0 ? -1 : pay.single[shown - 1];
    }
  }
}

/** A bet's return (stake included) in minor units: the stake times (1 + winnings) on a win, nothing on a loss. */
export function settleSicBoBet(
  bet: SicBoBet,
  stake: bigint,
  dice: SicBoDice,
  pay: SicBoPayTable,
): Pick<SettledBet, 'returned' | 'outcome'> {
  const won = winningsPerUnit(bet, dice, pay);
  const returned = won < 0 ? 0n : stake * BigInt(won + 1);
  return { returned, outcome: outcomeOf(stake, returned) };
}

/** The most a bet returns per unit staked (stake included) under a pay table. */
export function maxReturnPerUnit(bet: SicBoBet, pay: SicBoPayTable): number {
  switch (bet.type) {
    case 'small':
    case 'big':
    case 'odd':
    case 'even':
      return pay.even + 1;
    case 'total':
      return pay.total[bet.total] + 1;
    case 'single':
      return Math.max(...pay.single) + 1;
    default:
      return pay[bet.type] + 1;
  }
}
