import { cardToText, createShoe } from '@casino/cards';
import { randomUUID } from 'node:crypto';
import { BaccaratShoe, BaccaratTableState } from './baccarat-table.state';
import { TableContext } from './table-context';

/**
 * A new shoe. Automatic dealer: checked decks, CSPRNG shuffle, cut card, commitment published, burn. Studio:
 * the dealer console reports the shoe loaded (checked, shuffled, cut and burned at the table).
 */
export function startShoe(state: BaccaratTableState, ctx: TableContext): BaccaratTableState {
  const { rules } = ctx.config;
  const shoeId = randomUUID();
  const noBetRoundsLeft = rules.burnMode === 'no-bet-rounds' ? rules.noBetRounds : 0;
  let inPlay: BaccaratShoe;
  if (ctx.config.dealer === 'auto') {
    const shoe = createShoe({ decks: rules.decks, cutCard: rules.cutCard }, ctx.random);
    inPlay = {
      shoeId,
      shoe,
      commitment: shoe.commitment(),
      roundsDealt: 0,
      lastRound: false,
      endRequested: false,
      noBetRoundsLeft,
    };
    ctx.fx.broadcast('shoe:new', { tableId: state.tableId, shoeId, commitment: inPlay.commitment });
    if (rules.burnMode === 'burn') {
      const burn = shoe.burn();
      inPlay.burn = { shown: cardToText(burn.shown), burned: burn.burned.length };
      ctx.fx.broadcast('shoe:burn', { tableId: state.tableId, shoeId, ...inPlay.burn });
    }
  } else {
    inPlay = { shoeId, shoe: null, roundsDealt: 0, lastRound: false, endRequested: false, noBetRoundsLeft };
    ctx.fx.broadcast('shoe:new', { tableId: state.tableId, shoeId });
  }
  return { ...state, shoe: inPlay };
}
