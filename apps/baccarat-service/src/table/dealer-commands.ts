import { nextCardFor } from '@casino/baccarat';
import { Card, parseCard } from '@casino/cards';
import { rejection, reportCutCard, requestShoeEnd } from '@casino/table-kit';
import { BaccaratReply } from './baccarat-replies';
import { BaccaratTableState, DealerCommand } from './baccarat-table.state';
import { addCard, openRound, voidRound } from './round-flow';
import { startShoe } from './shoe-flow';
import { TableContext } from './table-context';

type Handled = { state: BaccaratTableState; reply: BaccaratReply };

const done = (state: BaccaratTableState, what: string): Handled => ({
  state,
  reply: { ok: true, done: what },
});

/** The dealer console: scanned cards, rescans, voids and the manager's decisions. */
export function dealerCommand(state: BaccaratTableState, ctx: TableContext, command: DealerCommand): Handled {
  const studio = ctx.config.dealer === 'studio';
  switch (command.kind) {
    case 'card': {
      if (!studio)
        return { state, reply: rejection('ACTION_NOT_ALLOWED', 'the automatic dealer deals this table') };
      if (state.phase !== 'dealing' || !state.round) {
        return { state, reply: rejection('ACTION_NOT_ALLOWED', `no card is due (table is ${state.phase})`) };
      }
      let card: Card;
      try {
        card = parseCard(command.card);
      } catch {
        // The scanner misread: the round waits for a rescan.
        ctx.fx.broadcast('round:rescan', { tableId: state.tableId, roundId: state.round.roundId });
        return {
          state,
          reply: rejection('INVALID_MESSAGE', `unreadable card ${JSON.stringify(command.card)}: rescan`),
        };
      }
      return done(addCard(state, ctx, card), 'card');
    }
    case 'rescan': {
      const round = state.round;
      if (!studio || state.phase !== 'dealing' || !round || round.cards.length === 0) {
        return {
          state,
          reply: rejection('ACTION_NOT_ALLOWED', 'no scanned card of a round in progress to rescan'),
        };
      }
      const cards = round.cards.slice(0, -1);
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
      return done({ ...state, round: { ...round, cards } }, 'rescan');
    }
    case 'void':
      if (!state.round || (state.phase !== 'betting' && state.phase !== 'dealing')) {
        return {
          state,
          reply: rejection('ACTION_NOT_ALLOWED', 'only a round before its result can be voided'),
        };
      }
      return done(voidRound(state, ctx, command.reason, command.message), 'void');
    case 'newShoe':
      if (state.phase === 'waiting-shoe') return done(openRound(startShoe(state, ctx), ctx), 'newShoe');
      return requestShoeEnd(state, ctx.fx);
    case 'cutCard':
      return reportCutCard(state, ctx.fx, studio);
    case 'noBetRound':
      ctx.fx.broadcast('table:noBetRoundNext', { tableId: state.tableId });
      return done({ ...state, noBetNext: true }, 'noBetRound');
  }
}
