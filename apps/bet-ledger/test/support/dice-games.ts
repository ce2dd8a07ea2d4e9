import { BetSpec } from '@casino/events';

/** The dice games' bets (docs/rules/sic-bo.md, docs/rules/fan-tan.md); their tables and results: builders.ts. */
export const sic = (spec: Extract<BetSpec, { game: 'sicBo' }>['spec']): BetSpec => ({ game: 'sicBo', spec });
export const fan = (spec: Extract<BetSpec, { game: 'fanTan' }>['spec']): BetSpec => ({
  game: 'fanTan',
  spec,
});
