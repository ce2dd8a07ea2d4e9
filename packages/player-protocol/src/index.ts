export * from './baccarat';
export * from './blackjack';
export * from './lobby';
export * from './messages';
export * from './outgoing';
export * from './rng-baccarat';
export * from './roulette';
export * from './table';
