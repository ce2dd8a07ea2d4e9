import { nextCardFor } from '@casino/baccarat';
import {
  commandDone,
  DealerCommandResult,
  newShoeCommand,
  notAllowed,
  voidAfterResult,
  voidNeedsApproval,
  readScannedCard,
  reportCutCard,
} from '@casino/table-kit/core';
import { BaccaratTableState, DealerCommand } from './baccarat-table.state';
import { exposeCard } from './exposed-cards';
import { addCard, openRound, voidRound } from './round-flow';
import { startShoe } from './shoe-flow';
import { TableContext } from './table-context';

type Result = DealerCommandResult<BaccaratTableState>;

/** The dealer console: scanned and exposed cards, rescans, voids and the manager's decisions. */
export function dealerCommand(state: BaccaratTableState, ctx: TableContext, command: DealerCommand): Result {
  const studio = ctx.config.dealer === 'studio';
  switch (command.kind) {
    case 'card': {
      if (!studio) return notAllowed(state, 'the automatic dealer deals this table');
      if (state.phase !== 'dealing' || !state.round)
        return notAllowed(state, `no card is due (table is ${state.phase})`);
      const scanned = readScannedCard(
        command.card,
        { tableId: state.tableId, roundId: state.round.roundId },
        ctx.fx,
      );
      return scanned.ok
        ? commandDone(addCard(state, ctx, scanned.card, false, command.signature), 'card')
        : { state, reply: scanned };
    }
    case 'rescan':
      return rescan(state, ctx, studio);
    case 'void':
      if (state.phase === 'result' && state.round && !state.round.voidEvent) return voidAfterResult(state);
      if (!state.round || (state.phase !== 'betting' && state.phase !== 'dealing'))
        return notAllowed(state, 'only a round before its result can be voided');
      // Betting has closed: the ledger applies a void only with a pit boss's approval of the round
      // (docs/ledger.md#voids-after-betting-closed), whose id the console passes on.
      if (state.phase === 'dealing' && !state.round.noBet && command.approvalId === undefined)
        return voidNeedsApproval(state);
      return commandDone(voidRound(state, ctx, command.reason, command.message, command.approvalId), 'void');
    case 'newShoe':
      // A card exposed after this round is the next round's first card, and that round is of this shoe.
      if (state.phase === 'result' && state.exposed?.length)
        return notAllowed(
          state,
          'an exposed card is carried into the next round: end the shoe after that round',
        );
      return newShoeCommand(state, ctx.fx, (waiting) => openRound(startShoe(waiting, ctx), ctx));
    case 'cutCard':
      return reportCutCard(state, ctx.fx, studio);
    case 'noBetRound':
      ctx.fx.broadcast('table:noBetRoundNext', { tableId: state.tableId });
      return commandDone({ ...state, noBetNext: true }, 'noBetRound');
    case 'exposedCard':
      return exposeCard(state, ctx, command.card, command.noBet === true);
  }
}

/** Takes back the last scanned (or reported exposed) card, a misread: the dealer scans it again. */
function rescan(state: BaccaratTableState, ctx: TableContext, studio: boolean): Result {
  const round = state.round;
  if (!studio || state.phase !== 'dealing' || !round || round.cards.length === 0)
    return notAllowed(state, 'no scanned card of a round in progress to rescan');
  const cards = round.cards.slice(0, -1);
  const exposed = round.exposed?.filter((index) => index < cards.length);
  ctx.fx.broadcast('round:cardRetracted', {
    tableId: state.tableId,
    roundId: round.roundId,
    index: cards.length,
  });
  ctx.fx.broadcast('round:rescan', {
    tableId: state.tableId,
    roundId: round.roundId,
    next: nextCardFor(cards),
  });
  return commandDone({ ...state, round: { ...round, cards, exposed } }, 'rescan');
}
