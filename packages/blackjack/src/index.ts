export * from './errors';
export * from './messages';
export * from './rules';
export * from './types';
export * from './hand-value';
export * from './hand-options';
export * from './additional-stake';
export * from './dealer';
export * from './outcome';
export { startRound, SEAT_COUNT } from './round/start';
export { step, tryStep, type StepResult, type TryStepResult } from './round/step';
export { settleRound } from './settlement';
export * from './run';
export {
  basicStrategy,
  decideCode,
  ACT_HIT,
  ACT_STAND,
  ACT_DOUBLE,
  ACT_SPLIT,
} from './strategy/basic-strategy';
export { strategyTableFor, type StrategyTable } from './strategy/tables';
export * from './sim/fast-sim';
export * from './sim/rtp';
export { benchBlackjack, type BlackjackBenchResult } from './bench';
