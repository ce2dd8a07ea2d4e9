/** The games the demo runs, one service each. */
export type Game = 'baccarat' | 'blackjack' | 'roulette';
export const GAMES: readonly Game[] = ['baccarat', 'blackjack', 'roulette'];
