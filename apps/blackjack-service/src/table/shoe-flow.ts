import { cardToText, createShoe } from '@casino/cards';
import { randomUUID } from 'node:crypto';
import { BlackjackTableState } from './blackjack-table.state';
import { TableContext } from './table-context';

/**
 * A new shoe: the automatic dealer shuffles (CSPRNG), cuts, publishes the commitment and burns as for baccarat
 * (the first card shown decides how many follow it); a studio reports its shoe loaded.
 */
export function startShoe(state: BlackjackTableState, ctx: TableContext): BlackjackTableState {
  const shoeId = randomUUID();
  if (ctx.config.dealer === 'studio') {
    ctx.fx.broadcast('shoe:new', { tableId: state.tableId, shoeId });
    return { ...state, shoe: { shoeId, shoe: null, roundsDealt: 0, lastRound: false, endRequested: false } };
  }
  const { decks, cutCard } = ctx.config.rules;
  const shoe = createShoe({ decks, cutCard }, ctx.random);
  const commitment = shoe.commitment();
  ctx.fx.broadcast('shoe:new', { tableId: state.tableId, shoeId, commitment });
  const burn = shoe.burn();
  ctx.fx.broadcast('shoe:burn', {
    tableId: state.tableId,
    shoeId,
    shown: cardToText(burn.shown),
    burned: burn.burned.length,
  });
  return {
    ...state,
    shoe: { shoeId, shoe, commitment, roundsDealt: 0, lastRound: false, endRequested: false },
  };
}
