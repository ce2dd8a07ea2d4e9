import {
  commandDone,
  DealerCommandResult,
  notAllowed,
  rejection,
  voidAfterResult,
  voidNeedsApproval,
} from '@casino/table-kit/core';
import { dealerAttestationOf, dealerResultOf } from './dealer-result';
import { showResult, voidRound } from './round-flow';
import { StudioDealerCommand, StudioTableState } from './studio-table.state';
import { TableContext } from './table-context';

/**
 * The console: a studio dealer enters the round's result once betting has closed (the dice, the bead count, the
 * two cards, with the studio's signatures when its console has a key) or shakes / counts again; the pit boss voids a round on a malfunction (automatic tables too).
 */
export function dealerCommand(
  state: StudioTableState,
  ctx: TableContext,
  command: StudioDealerCommand,
): DealerCommandResult<StudioTableState> {
  const studio = ctx.config.dealer === 'studio';
  switch (command.kind) {
    case 'result': {
      if (!studio || state.phase !== 'drawing' || !state.round)
        return notAllowed(state, `no result is due (table is ${state.phase})`);
      const entry = dealerResultOf(state.game, ctx.config.settings, command.result);
      if (!entry.ok) return { state, reply: rejection('INVALID_MESSAGE', entry.message) };
      const signed = dealerAttestationOf(state.game, command.result);
      if (!signed.ok) return { state, reply: rejection('INVALID_MESSAGE', signed.message) };
      const round = { ...state.round, result: entry.result, attestation: signed.attestation };
      const drawn = { ...state, round };
      return commandDone(showResult(drawn, ctx), 'result');
    }
    case 'redraw': {
      if (!studio || state.phase !== 'drawing' || !state.round)
        return notAllowed(state, 'only a studio round waiting for its result is shaken or counted again');
      const round = { ...state.round, redraws: state.round.redraws + 1 };
      ctx.fx.broadcast('round:drawing', {
        tableId: state.tableId,
        roundId: round.roundId,
        redraws: round.redraws,
      });
      return commandDone({ ...state, round }, 'redraw');
    }
    case 'void':
      if (state.phase === 'result' && state.round && !state.round.voidEvent) return voidAfterResult(state);
      if (!state.round || (state.phase !== 'betting' && state.phase !== 'drawing'))
        return notAllowed(state, 'only a round before its result can be voided');
      // Betting has closed: the ledger applies a void only with a pit boss's approval of the round
      // (docs/ledger.md#voids-after-betting-closed), whose id the console passes on.
      if (state.phase === 'drawing' && command.approvalId === undefined) return voidNeedsApproval(state);
      return commandDone(voidRound(state, ctx, command.reason, command.message, command.approvalId), 'void');
  }
}
