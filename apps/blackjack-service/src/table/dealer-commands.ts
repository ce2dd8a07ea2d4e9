import { BlackjackInput, replayRound, SeatNumber } from '@casino/blackjack';
import { Card, parseCard } from '@casino/cards';
import { BlackjackInput as LoggedInput } from '@casino/events';
import { rejection, reportCutCard, requestShoeEnd } from '@casino/table-kit';
import { BlackjackDealerCommand, BlackjackReply, BlackjackTableState } from './blackjack-table.state';
import { applyEngine, drive } from './engine-driver';
import { openRound, voidRound } from './round-flow';
import { startShoe } from './shoe-flow';
import { TableContext } from './table-context';

type Handled = { state: BlackjackTableState; reply: BlackjackReply };
const done = (state: BlackjackTableState, what: string): Handled => ({
  state,
  reply: { ok: true, done: what },
});

/** The blackjack console: scanned cards and rescans (studio), voids, a new shoe, the cut card. */
export function dealerCommand(
  state: BlackjackTableState,
  ctx: TableContext,
  command: BlackjackDealerCommand,
): Handled {
  const studio = ctx.config.dealer === 'studio';
  switch (command.kind) {
    case 'card': {
      if (!studio)
        return { state, reply: rejection('ACTION_NOT_ALLOWED', 'the automatic dealer deals this table') };
      if (state.round?.engine?.awaiting.kind !== 'card') {
        return { state, reply: rejection('ACTION_NOT_ALLOWED', 'no card is due now') };
      }
      let card: Card;
      try {
        card = parseCard(command.card);
      } catch {
        ctx.fx.broadcast('round:rescan', { tableId: state.tableId, roundId: state.round.roundId });
        return {
          state,
          reply: rejection('INVALID_MESSAGE', `unreadable card ${JSON.stringify(command.card)}: rescan`),
        };
      }
      const r = applyEngine(state, ctx, { kind: 'card', card });
      return 'ok' in r ? { state, reply: r } : done(r.state, 'card');
    }
    case 'rescan':
      return rescan(state, ctx, studio);
    case 'void':
      if (!state.round || !['betting', 'awaiting-bets', 'dealing'].includes(state.phase)) {
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
  }
}

/** Takes back the last scanned card (a misread): the round is rebuilt from its log without it. */
function rescan(state: BlackjackTableState, ctx: TableContext, studio: boolean): Handled {
  const round = state.round;
  const last = round?.inputs.at(-1);
  if (!studio || state.phase !== 'dealing' || !round?.engine || last?.kind !== 'card') {
    return {
      state,
      reply: rejection('ACTION_NOT_ALLOWED', 'the last input of the round is not a scanned card'),
    };
  }
  const inputs = round.inputs.slice(0, -1);
  const seats = round.engine.seats.map((s) => ({ seat: s.seat, playerId: s.playerId, stake: s.stake }));
  const rebuilt = replayRound(ctx.config.rules, seats, inputs.map(fromLogged)).state;
  ctx.fx.broadcast('round:cardRetracted', {
    tableId: state.tableId,
    roundId: round.roundId,
    card: last.card,
  });
  ctx.fx.cancel('decision');
  return done(drive({ ...state, round: { ...round, engine: rebuilt, inputs } }, ctx), 'rescan');
}

function fromLogged(input: LoggedInput): BlackjackInput {
  switch (input.kind) {
    case 'card':
      return { kind: 'card', card: parseCard(input.card) };
    case 'insurance':
      return { kind: 'insurance', seat: input.seat as SeatNumber, take: input.take };
    case 'action':
      return {
        kind: 'action',
        seat: input.seat as SeatNumber,
        hand: input.hand,
        action: input.action,
        stake: input.stake,
      };
    case 'timeout':
      return { kind: 'timeout' };
  }
}
