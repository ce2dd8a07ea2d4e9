export * from './duel';
export * from './pay-table';
export * from './exact';
export * from './layout';
export * from './settle';
export * from './shoe-runner';
export * from './sim';
export { runDuelRtp, runDuelSim } from './cli';
