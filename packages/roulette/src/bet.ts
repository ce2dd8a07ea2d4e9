/** Inside bets name their numbers; the numbers must form exactly that shape on the layout. */
export type InsideBetType = 'straight' | 'split' | 'street' | 'corner' | 'sixLine';
export type EvenMoneyBetType = 'red' | 'black' | 'odd' | 'even' | 'low' | 'high';
export type OutsideBetType = 'column' | 'dozen' | EvenMoneyBetType;
export type RouletteBetType = InsideBetType | OutsideBetType;

export type ColumnOrDozen = 1 | 2 | 3;

export type InsideBet = { [T in InsideBetType]: { type: T; numbers: readonly number[] } }[InsideBetType];
export type ColumnBet = { type: 'column'; column: ColumnOrDozen };
export type DozenBet = { type: 'dozen'; dozen: ColumnOrDozen };
export type EvenMoneyBet = { [T in EvenMoneyBetType]: { type: T } }[EvenMoneyBetType];

/** A bet as plain data, e.g. `{ type: 'split', numbers: [0, 2] }` or `{ type: 'dozen', dozen: 3 }`. */
export type RouletteBet = InsideBet | ColumnBet | DozenBet | EvenMoneyBet;

export const INSIDE_BET_TYPES: readonly InsideBetType[] = [
  'straight',
  'split',
  'street',
  'corner',
  'sixLine',
];
export const EVEN_MONEY_BET_TYPES: readonly EvenMoneyBetType[] = [
  'red',
  'black',
  'odd',
  'even',
  'low',
  'high',
];
export const OUTSIDE_BET_TYPES: readonly OutsideBetType[] = ['column', 'dozen', ...EVEN_MONEY_BET_TYPES];
export const ROULETTE_BET_TYPES: readonly RouletteBetType[] = [...INSIDE_BET_TYPES, ...OUTSIDE_BET_TYPES];

/** How many numbers each inside shape covers. */
export const INSIDE_BET_SIZE: Readonly<Record<InsideBetType, number>> = {
  straight: 1,
  split: 2,
  street: 3,
  corner: 4,
  sixLine: 6,
};

export function isRouletteBetType(value: unknown): value is RouletteBetType {
  return typeof value === 'string' && (ROULETTE_BET_TYPES as readonly string[]).includes(value);
}

export function isInsideBetType(type: RouletteBetType): type is InsideBetType {
  return type in INSIDE_BET_SIZE;
}

export function isInsideBet(bet: RouletteBet): bet is InsideBet {
  return isInsideBetType(bet.type);
}
