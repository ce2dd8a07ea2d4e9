import { Effects } from '../host/table-machine';
import { commandDone, DealerCommandResult, notAllowed } from './command-result';

/** What the manager's shoe commands need of a card table's state. */
export interface TableWithShoeFlags {
  tableId: string;
  phase: string;
  shoe: { shoeId: string; endRequested: boolean; lastRound: boolean } | null;
}

/**
 * Manager: a new shoe. A table waiting for one loads it now (`load`: the shoe, then the round it opens);
 * otherwise the shoe in play ends after the current round.
 */
export function newShoeCommand<S extends TableWithShoeFlags, I>(
  state: S,
  fx: Effects<I>,
  load: (state: S) => S,
): DealerCommandResult<S> {
  if (state.phase === 'waiting-shoe') return commandDone(load(state), 'newShoe');
  if (!state.shoe) return notAllowed(state, 'no shoe on the table');
  fx.broadcast('shoe:endRequested', { tableId: state.tableId, shoeId: state.shoe.shoeId });
  return commandDone({ ...state, shoe: { ...state.shoe, endRequested: true } }, 'newShoe');
}

/** Studio: the cut card came out, so the current round is the shoe's last. */
export function reportCutCard<S extends TableWithShoeFlags, I>(
  state: S,
  fx: Effects<I>,
  studio: boolean,
): DealerCommandResult<S> {
  if (!studio || !state.shoe) return notAllowed(state, 'a studio shoe reports its cut card');
  fx.broadcast('shoe:lastRound', { tableId: state.tableId, shoeId: state.shoe.shoeId });
  return commandDone({ ...state, shoe: { ...state.shoe, lastRound: true } }, 'cutCard');
}
