export * from './rules';
export * from './game-wire';
export * from './game-definition';
