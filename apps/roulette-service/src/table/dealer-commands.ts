import {
  commandDone,
  DealerCommandResult,
  notAllowed,
  voidAfterResult,
  voidNeedsApproval,
} from '@casino/table-kit/core';
import { RouletteDealerCommand, RouletteTableState } from './roulette-table.state';
import { ballStopped, launch, openRound, voidRound } from './round-flow';
import { TableContext } from './table-context';

/** The pit boss declares the wheel ready (or closes it); a studio dealer launches the ball and announces the pocket. */
export function dealerCommand(
  state: RouletteTableState,
  ctx: TableContext,
  command: RouletteDealerCommand,
): DealerCommandResult<RouletteTableState> {
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
      return commandDone(state.phase === 'closed' ? openRound(next, ctx) : next, 'wheelReady');
    }
    case 'wheelClosed':
      if (state.phase === 'closed') return commandDone(state, 'wheelClosed');
      ctx.fx.broadcast('table:closingAfterRound', { tableId: state.tableId });
      return commandDone({ ...state, wheel: { ...state.wheel, closeAfterRound: true } }, 'wheelClosed');
    case 'launch':
      if (!studio || state.phase !== 'spinning' || state.round?.launchedAt !== undefined)
        return notAllowed(state, 'no ball to launch now');
      return commandDone(launch(state, ctx), 'launch');
    case 'pocket': {
      if (!studio || state.phase !== 'spinning')
        return notAllowed(state, `no pocket is due (table is ${state.phase})`);
      const launched = state.round?.launchedAt === undefined ? launch(state, ctx) : state;
      const announced = { pocket: command.pocket, revolutions: command.revolutions };
      return commandDone(ballStopped(launched, ctx, announced, command.signature), 'pocket');
    }
    case 'void':
      if (state.phase === 'result' && state.round && !state.round.voidEvent) return voidAfterResult(state);
      if (!state.round || (state.phase !== 'betting' && state.phase !== 'spinning'))
        return notAllowed(state, 'only a spin before its result can be voided');
      // Betting has closed: the ledger applies a void only with a pit boss's approval of the spin
      // (docs/ledger.md#voids-after-betting-closed), whose id the console passes on.
      if (state.phase === 'spinning' && command.approvalId === undefined) return voidNeedsApproval(state);
      return commandDone(voidRound(state, ctx, command.reason, command.message, command.approvalId), 'void');
  }
}
