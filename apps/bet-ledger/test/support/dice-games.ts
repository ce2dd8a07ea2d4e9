import { BetSpec, makeEvent, RoundResultPayload, TableConfig, tableConfigSchema } from '@casino/events';
import { gameDefinition } from '@casino/games';
import { RoundRef } from './builders';

/** A table of the game with the settings a new table gets (its definition's defaultTableConfig), parsed. */
export const defaultTable = (game: 'sicBo' | 'fanTan'): TableConfig =>
  tableConfigSchema.parse(gameDefinition(game).defaultTableConfig);

export const sic = (spec: Extract<BetSpec, { game: 'sicBo' }>['spec']): BetSpec => ({ game: 'sicBo', spec });
export const fan = (spec: Extract<BetSpec, { game: 'fanTan' }>['spec']): BetSpec => ({
  game: 'fanTan',
  spec,
});

/** A round's result event carrying the game's payload. */
export const resultOf = (r: RoundRef, result: RoundResultPayload) =>
  makeEvent('RoundResult', { tableId: r.tableId, roundId: r.roundId, game: r.game, result });
