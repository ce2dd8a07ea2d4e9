import { rejection } from '@casino/table-kit';
import { RouletteDealerCommand, RouletteReply, RouletteTableState } from './roulette-table.state';
import { ballStopped, launch, openRound, voidRound } from './round-flow';
import { TableContext } from './table-context';

type Handled = { state: RouletteTableState; reply: RouletteReply };
const done = (state: RouletteTableState, what: string): Handled => ({
  state,
  reply: { ok: true, done: what },
});

/** The pit boss declares the wheel ready (or closes it); a studio dealer launches the ball and announces the pocket. */
export function dealerCommand(
  state: RouletteTableState,
  ctx: TableContext,
  command: RouletteDealerCommand,
): Handled {
  const studio = ctx.config.dealer === 'studio';
  switch (command.kind) {
    case 'wheelReady': {
      const wheel = {
        ready: true,
        declaredBy: command.declaredBy,
        declaredAt: ctx.now,
        closeAfterRound: false,
      };
      ctx.fx.broadcast('table:wheelReady', { tableId: state.tableId, declaredBy: command.declaredBy });
      const next = { ...state, wheel };
      return done(state.phase === 'closed' ? openRound(next, ctx) : next, 'wheelReady');
    }
    case 'wheelClosed':
      if (state.phase === 'closed') return done(state, 'wheelClosed');
      ctx.fx.broadcast('table:closingAfterRound', { tableId: state.tableId });
      return done({ ...state, wheel: { ...state.wheel, closeAfterRound: true } }, 'wheelClosed');
    case 'launch':
      if (!studio || state.phase !== 'spinning' || state.round?.launchedAt !== undefined) {
        return { state, reply: rejection('ACTION_NOT_ALLOWED', 'no ball to launch now') };
      }
      return done(launch(state, ctx), 'launch');
    case 'pocket':
      if (!studio || state.phase !== 'spinning') {
        return {
          state,
          reply: rejection('ACTION_NOT_ALLOWED', `no pocket is due (table is ${state.phase})`),
        };
      }
      {
        const launched = state.round?.launchedAt === undefined ? launch(state, ctx) : state;
        return done(
          ballStopped(launched, ctx, { pocket: command.pocket, revolutions: command.revolutions }),
          'pocket',
        );
      }
    case 'void':
      if (!state.round || (state.phase !== 'betting' && state.phase !== 'spinning')) {
        return {
          state,
          reply: rejection('ACTION_NOT_ALLOWED', 'only a spin before its result can be voided'),
        };
      }
      return done(voidRound(state, ctx, command.reason, command.message), 'void');
  }
}
