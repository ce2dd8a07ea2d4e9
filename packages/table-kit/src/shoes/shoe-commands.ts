import { Effects } from '../host/table-machine';
import { rejection, Rejection } from '../wire/rejection-codes';

/** What the manager's shoe commands need of a card table's state. */
export interface TableWithShoeFlags {
  tableId: string;
  shoe: { shoeId: string; endRequested: boolean; lastRound: boolean } | null;
}

type ShoeCommandResult<S> = { state: S; reply: { ok: true; done: string } | Rejection };

/** Manager: the shoe in play ends after the current round (a table waiting for a shoe loads one instead). */
export function requestShoeEnd<S extends TableWithShoeFlags, I>(
  state: S,
  fx: Effects<I>,
): ShoeCommandResult<S> {
  if (!state.shoe) return { state, reply: rejection('ACTION_NOT_ALLOWED', 'no shoe on the table') };
  fx.broadcast('shoe:endRequested', { tableId: state.tableId, shoeId: state.shoe.shoeId });
  return {
    state: { ...state, shoe: { ...state.shoe, endRequested: true } },
    reply: { ok: true, done: 'newShoe' },
  };
}

/** Studio: the cut card came out, so the current round is the shoe's last. */
export function reportCutCard<S extends TableWithShoeFlags, I>(
  state: S,
  fx: Effects<I>,
  studio: boolean,
): ShoeCommandResult<S> {
  if (!studio || !state.shoe) {
    return { state, reply: rejection('ACTION_NOT_ALLOWED', 'a studio shoe reports its cut card') };
  }
  fx.broadcast('shoe:lastRound', { tableId: state.tableId, shoeId: state.shoe.shoeId });
  return {
    state: { ...state, shoe: { ...state.shoe, lastRound: true } },
    reply: { ok: true, done: 'cutCard' },
  };
}
