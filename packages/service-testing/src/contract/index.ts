export * from './describe-game-service-contract';
export * from './game-service-subject';
export * from './game-of-definition';
