export * from './core/errors';
export * from './core/rules';
export * from './core/house-edge';
export * from './core/types';
export * from './core/hand-value';
export * from './core/hand-options';
export * from './core/dealer';
export * from './core/outcome';
export * from './round/messages';
export * from './round/additional-stake';
export { startRound, SEAT_COUNT } from './round/start';
export { step, tryStep, type StepResult, type TryStepResult } from './round/step';
export { settleRound } from './round/settlement';
export * from './round/run';
export {
  basicStrategy,
  basicStrategyDecider,
  decideCode,
  ACT_HIT,
  ACT_STAND,
  ACT_DOUBLE,
  ACT_SPLIT,
} from './strategy/basic-strategy';
export { strategyTableFor, type StrategyTable } from './strategy/tables';
export * from './sim/fast-sim';
export * from './sim/rtp';
export { benchBlackjack, type BlackjackBenchResult } from './sim/bench';
