import { isInsideBetType, ROULETTE_BET_TYPES, type RouletteBet, type RouletteBetType } from './bet';
import { INSIDE_SHAPES } from './shapes';

const ONE_TWO_THREE = [1, 2, 3] as const;

/**
 * Every distinct valid bet of a type: 37 straights, 60 splits, 14 streets, 23 corners, 11 six lines, 3 columns,
 * 3 dozens and one of each even-money bet (157 in all).
 */
export function allBetsOfType(type: RouletteBetType): RouletteBet[] {
  if (isInsideBetType(type))
    return INSIDE_SHAPES[type].map((numbers) => ({ type, numbers: [...numbers] }) as RouletteBet);
  if (type === 'column') return ONE_TWO_THREE.map((column) => ({ type, column }));
  if (type === 'dozen') return ONE_TWO_THREE.map((dozen) => ({ type, dozen }));
  return [{ type }];
}

export function allBets(): RouletteBet[] {
  return ROULETTE_BET_TYPES.flatMap(allBetsOfType);
}
