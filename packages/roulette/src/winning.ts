import type { RouletteBet, RouletteBetType } from './bet';
import { columnNumbers, dozenNumbers } from './layout';
import { RED_NUMBERS } from './wheel';

const ONE_TO_36 = Array.from({ length: 36 }, (_, i) => i + 1);
const RED = [...RED_NUMBERS];
const BLACK = ONE_TO_36.filter((n) => !RED_NUMBERS.includes(n));

/** Win per 1 staked (the stake is returned on top). */
export const PAYOUT_RATIO: Readonly<Record<RouletteBetType, number>> = {
  straight: 35,
  split: 17,
  street: 11,
  corner: 8,
  sixLine: 5,
  column: 2,
  dozen: 2,
  red: 1,
  black: 1,
  odd: 1,
  even: 1,
  low: 1,
  high: 1,
};

export function payoutRatio(type: RouletteBetType): number {
  return PAYOUT_RATIO[type];
}

/**
 * The pockets on which a (validated) bet wins, ascending. Outside bets never include 0.
 */
export function winningNumbers(bet: RouletteBet): number[] {
  switch (bet.type) {
    case 'straight':
    case 'split':
    case 'street':
    case 'corner':
    case 'sixLine':
      return [...new Set(bet.numbers)].sort((a, b) => a - b);
    case 'column':
      return columnNumbers(bet.column);
    case 'dozen':
      return dozenNumbers(bet.dozen);
    case 'red':
      return [...RED];
    case 'black':
      return [...BLACK];
    case 'odd':
      return ONE_TO_36.filter((n) => n % 2 === 1);
    case 'even':
      return ONE_TO_36.filter((n) => n % 2 === 0);
    case 'low':
      return ONE_TO_36.filter((n) => n <= 18);
    case 'high':
      return ONE_TO_36.filter((n) => n >= 19);
  }
}
