export * from './errors';
export * from './values';
export * from './third-card';
export * from './outcome';
export * from './round';
export * from './bet-types';
export * from './pay-table';
export * from './settle';
export * from './table-rules';
export * from './validate-bet';
export * from './table-bets';
export * from './incidents';
export * from './exact';
export { simulateBaccarat, SimulationReport, SimulatedBet } from './sim';
export { benchBaccarat, BaccaratBenchOptions, BaccaratBenchResult } from './bench';
// The allocation-free fast path behind dealRound, for simulation tools that deal millions of rounds.
export { RoundState, dealInto, toOutcome, NO_CARD } from './round-state';
export { FastSettler } from './fast-settle';
export { ShoeRunner } from './shoe-runner';
